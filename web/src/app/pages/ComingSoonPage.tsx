import { Construction } from 'lucide-react';
import { PageHeader } from '@web/components/ui/page-header';
import { usePageTitle } from '@web/lib/page-title';
import { MessageCard } from './MessagePage';

/** A page whose area is still being built (its issue is open); each area replaces its own. */
export function ComingSoon({ title, subtitle, promise }: { title: string; subtitle: string; promise: string }) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <MessageCard icon={Construction} title="Coming soon">
        {promise}
      </MessageCard>
    </>
  );
}
