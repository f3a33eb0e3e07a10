import { ArrowLeft, ExternalLink, Pencil, Ticket, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { DeleteDialog } from '@web/components/ui/delete-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useAdminRaffle, useDeleteRaffle, useViewerEntered } from '../api/admin-raffles';
import { RaffleImage } from '../components/raffle-display';
import { RaffleEntries } from './RaffleEntries';
import { RaffleForm } from './RaffleForm';
import { RaffleCommitments, RaffleFacts } from './RaffleOverview';
import { RafflePicks } from './RafflePicks';
import { NextStepButton } from './RaffleSteps';
import { AdminStatusBadge, formatWhen } from './raffle-status';

const backLink = (
  <Link to="/raffles" className="mb-4 inline-flex items-center gap-1.5 text-sm text-ink-2 hover:text-ink">
    <ArrowLeft className="size-4" aria-hidden /> All raffles
  </Link>
);

/** One raffle as staff run it: its figures and commitments, the entries, the draw's picks and the next step. */
export default function RaffleDetailPage() {
  const id = Number(useParams().id);
  const query = useAdminRaffle(id);
  const raffle = query.data;
  const entered = useViewerEntered(id);
  usePageTitle(`${raffle?.title ?? 'Raffle'} · Admin`);
  const remove = useDeleteRaffle();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        {backLink}
        <Card>
          {missing ? (
            <EmptyState icon={Ticket} title="Raffle Not Found" action={<Link to="/raffles" className={buttonClasses('secondary', 'md')}>All raffles</Link>}>
              It may have been deleted.
            </EmptyState>
          ) : (
            <LoadError message="Could not load the raffle." onRetry={() => void query.refetch()} />
          )}
        </Card>
      </>
    );
  }
  if (!raffle) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-12 w-80 max-w-full" />
        <div className="grid gap-5 lg:grid-cols-2">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      </div>
    );
  }

  return (
    <>
      {backLink}
      <PageHeader
        title={
          <span className="flex items-center gap-4">
            <RaffleImage raffle={raffle} eager className="hidden h-14 w-22 shrink-0 rounded-lg sm:block" />
            <span className="min-w-0 break-words">{raffle.title}</span>
          </span>
        }
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <AdminStatusBadge status={raffle.status} />
            <span className="text-sm">
              {raffle.status === 'upcoming'
                ? `Opens ${formatWhen(raffle.starts_at)}`
                : raffle.status === 'open'
                  ? `Ends ${formatWhen(raffle.end_datetime)}`
                  : `Closed ${formatWhen(raffle.entries_closed_at ?? raffle.end_datetime)}`}
            </span>
          </span>
        }
        actions={
          <>
            <NextStepButton raffle={raffle} entered={entered} />
            <a href={`/raffles/${raffle.id}`} target="_blank" rel="noopener" className={buttonClasses('secondary', 'md')}>
              <ExternalLink className="size-4" aria-hidden /> Public page
            </a>
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Button>
            <Button variant="ghost" aria-label="Delete raffle" onClick={() => setDialog('delete')}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </>
        }
      />
      {/* Phones read the winners first; wide screens put the overview beside the winners and commitments. */}
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <RafflePicks raffle={raffle} entered={entered} />
        <RaffleFacts raffle={raffle} className="lg:col-start-2 lg:row-span-2 lg:row-start-1" />
        <RaffleCommitments raffle={raffle} />
        <RaffleEntries raffleId={raffle.id} total={raffle.total_entries} className="lg:col-span-2" />
      </div>
      {dialog === 'edit' && <RaffleForm raffle={raffle} onClose={() => setDialog(null)} />}
      <DeleteDialog
        target={dialog === 'delete' ? raffle : null}
        title={(target) => `Delete “${target.title}”?`}
        description={(target) =>
          target.total_entries > 0
            ? 'Members have entered this raffle, so it cannot be deleted: their entries and any points spent stay on record. Let it run to its draw.'
            : 'Nobody has entered it. It disappears from the site. This cannot be undone.'
        }
        blocked={(target) => target.total_entries > 0}
        remove={remove}
        failure="The raffle was not deleted."
        onClose={() => setDialog(null)}
        onDeleted={() => void navigate('/raffles')}
      />
    </>
  );
}
