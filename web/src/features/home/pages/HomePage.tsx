import { usePageTitle } from '@web/lib/page-title';
import { AffiliateSection } from '../components/AffiliateSection';
import { Hero } from '../components/Hero';
import { TotalGivenAway } from '../components/TotalGivenAway';

export default function HomePage() {
  usePageTitle('Home');
  return (
    <div className="space-y-12">
      <Hero />
      <TotalGivenAway />
      <AffiliateSection />
    </div>
  );
}
