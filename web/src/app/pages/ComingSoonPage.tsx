import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { usePageTitle } from '@web/lib/page-title';

/** A page whose area is still being built (its issue is open); each area replaces its own. */
export function ComingSoon({ title, subtitle, promise }: { title: string; subtitle: string; promise: string }) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card>
        <EmptyState
          icon={Construction}
          title="Coming soon"
          action={
            <Link to="/" className={buttonClasses('secondary', 'md', 'mt-2')}>
              Back to Home
            </Link>
          }
        >
          {promise}
        </EmptyState>
      </Card>
    </>
  );
}
