import { lazy, Suspense } from 'react';
import { usePageTitle } from '@web/lib/page-title';
import { AffiliateSection } from '../components/AffiliateSection';
import { Hero } from '../components/Hero';
import { TotalGivenAway } from '../components/TotalGivenAway';

// Below the fold: its code (podium, countdown) loads after the page, keeping the first load small.
const LiveLeaderboards = lazy(() => import('../components/LiveLeaderboards'));

export default function HomePage() {
  usePageTitle('Home');
  return (
    <div className="space-y-12">
      <Hero />
      <TotalGivenAway />
      <Suspense fallback={null}>
        <LiveLeaderboards />
      </Suspense>
      <AffiliateSection />
    </div>
  );
}
