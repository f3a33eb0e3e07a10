import { overlayCurrentIndex } from '@common/bonus-hunts';
import { formatDate, formatPoints, formatUsd } from '@common/format';
import { ArrowLeft, Dices, Flag, Lock, LockOpen, Pencil, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { LoadError } from '@web/components/ui/load-error';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError, errorMessage } from '@web/lib/api';
import { usePageTitle } from '@web/lib/page-title';
import { useToast } from '@web/lib/toast';
import { useAdminHunt, useDeleteHunt, useHuntAction } from '../api/admin-hunts';
import { AddGameBar } from './AddGameBar';
import { GameTable } from './GameTable';
import { FinishHuntDialog, RewardsPaid } from './HuntFinish';
import { HuntForm } from './HuntForm';
import { HuntSummary } from './HuntSummary';
import { OpeningPanel } from './OpeningPanel';
import { awaitingWin } from './game-status';

const huntName = (hunt: { id: number; title: string }) => hunt.title || `Hunt #${hunt.id}`;

/** One hunt, run live: figures, the add-slot bar, opening mode, predictions, finish; kept in sync with other tabs. */
export default function HuntRunnerPage() {
  const id = Number(useParams().id);
  const query = useAdminHunt(id);
  const hunt = query.data;
  usePageTitle(`${hunt ? huntName(hunt) : 'Bonus hunt'} · Admin`);
  const predictions = useHuntAction(id);
  const remove = useDeleteHunt();
  const toast = useToast();
  const navigate = useNavigate();
  const [opening, setOpening] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'finish' | 'delete' | null>(null);

  if (query.isError) {
    return query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
      <Card>
        <EmptyState icon={Dices} title="No such hunt" action={<Link to="/bonus-hunts" className={buttonClasses('secondary', 'md')}>All hunts</Link>}>
          It may have been deleted.
        </EmptyState>
      </Card>
    ) : (
      <Card>
        <LoadError message="Could not load the hunt." onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  if (!hunt) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-12 w-72" />
        <Skeleton className="h-36 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    );
  }

  const running = hunt.status === 'active';
  const openingIndex = running && opening !== null && opening < hunt.games.length ? opening : null;
  const awaiting = hunt.games.filter(awaitingWin).length;
  const startOpening = () => {
    const current = overlayCurrentIndex(hunt.games);
    setOpening(current === -1 ? 0 : current);
  };
  const togglePredictions = () =>
    predictions.mutate(hunt.predictions_active ? 'predictions/close' : 'predictions/open', {
      onSuccess: (answer) => toast.success(answer.message ?? (answer.data.predictions_active ? 'Predictions are open.' : 'Predictions are closed.')),
      onError: (failure) => toast.error(errorMessage(failure, 'Predictions were not changed.')),
    });

  return (
    <>
      <Link to="/bonus-hunts" className="mb-4 inline-flex items-center gap-1.5 text-sm text-ink-2 hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden /> All hunts
      </Link>
      <PageHeader
        title={huntName(hunt)}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold uppercase', running ? 'bg-danger/20 text-red-300' : 'bg-surface-3 text-ink-2')}>
              {running ? 'Running' : 'Finished'}
            </span>
            <span>
              Started {formatDate(hunt.created_at)}
              {hunt.end_balance !== null && <> · ended with {formatUsd(hunt.end_balance)}</>}
            </span>
            <span
              data-testid="predictions-status"
              className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', hunt.predictions_active ? 'bg-success/15 text-emerald-300' : 'bg-surface-3 text-muted')}
            >
              {hunt.predictions_active ? <LockOpen className="size-3" aria-hidden /> : <Lock className="size-3" aria-hidden />}
              Predictions {hunt.predictions_active ? 'open' : 'closed'} · {formatPoints(hunt.predictions_count)}
            </span>
          </span>
        }
        actions={
          running && (
            <>
              <Button variant="secondary" onClick={togglePredictions} busy={predictions.isPending} busyLabel="Saving...">
                {hunt.predictions_active ? <Lock className="size-4" aria-hidden /> : <LockOpen className="size-4" aria-hidden />}
                {hunt.predictions_active ? 'Close predictions' : 'Open predictions'}
              </Button>
              <Button variant="secondary" onClick={startOpening} disabled={hunt.games.length === 0 || openingIndex !== null}>
                <Play className="size-4" aria-hidden /> Start opening
              </Button>
              <Button onClick={() => setDialog('finish')} title={awaiting > 0 ? `${awaiting} games still await their win` : undefined}>
                <Flag className="size-4" aria-hidden /> Finish hunt
              </Button>
              <Button variant="ghost" aria-label="Edit hunt" onClick={() => setDialog('edit')}>
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" aria-label="Delete hunt" onClick={() => setDialog('delete')}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </>
          )
        }
      />
      <div className="space-y-5">
        {!running && <RewardsPaid hunt={hunt} />}
        <HuntSummary hunt={hunt} />
        {openingIndex !== null && (
          <OpeningPanel key={hunt.games[openingIndex].id} hunt={hunt} index={openingIndex} onIndex={setOpening} onLeave={() => setOpening(null)} />
        )}
        {running && <AddGameBar huntId={hunt.id} />}
        <Card className="overflow-visible">
          <GameTable hunt={hunt} openingIndex={openingIndex} onOpen={setOpening} />
        </Card>
      </div>
      {dialog === 'edit' && <HuntForm hunt={hunt} onClose={() => setDialog(null)} />}
      <FinishHuntDialog hunt={hunt} open={dialog === 'finish'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete “${huntName(hunt)}”?`}
        description={
          hunt.predictions_count > 0
            ? 'Members have predicted this hunt, so it cannot be deleted. Finish it instead.'
            : 'The hunt and its slots list are removed; the slots stay in the catalogue. This cannot be undone.'
        }
        disabled={hunt.predictions_count > 0}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(hunt.id, {
            onSuccess: (answer) => {
              toast.success(answer.message);
              void navigate('/bonus-hunts');
            },
            onError: (failure) => toast.error(errorMessage(failure, 'The hunt was not deleted.')),
          })
        }
      />
    </>
  );
}
