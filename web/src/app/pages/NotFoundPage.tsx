import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { usePageTitle } from '@web/lib/page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <EmptyState
        icon={Compass}
        title="Page not found"
        action={
          <Link to="/" className={buttonClasses('primary', 'md', 'mt-2')}>
            Back to Home
          </Link>
        }
      >
        <p className="text-5xl font-black text-gradient">404</p>
        <p className="mt-3">The page you are looking for does not exist or has moved.</p>
      </EmptyState>
    </Card>
  );
}
