import type { AdminLeaderboard, AdminPlatform } from '@common/contracts/leaderboards';
import { countOf, formatDate, timeAgo } from '@common/format';
import { countdownParts, formatAmount, LEADERBOARD_TYPE_LABELS, PERIOD_LENGTH_LABELS } from '@common/leaderboards';
import { AlertTriangle, CalendarRange, CheckCircle2, Flag, Pencil, PlugZap, RefreshCw, Trash2, Trophy, Unplug } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorMessage } from '@web/lib/api';
import { useToast } from '@web/lib/toast';
import { type Message, useDeleteLeaderboard, useEndPeriod, useRemoveSource, useSyncNow } from '../api/admin-leaderboards';
import { LeaderboardForm, PeriodDatesForm, PrizesForm } from './LeaderboardForms';
import { SOURCE_KIND_LABELS, SourceForm } from './SourceForm';

type Dialog = 'edit' | 'dates' | 'prizes' | 'source' | 'end' | 'delete' | 'unplug' | null;

const left = (end: string) => {
  const parts = countdownParts(end);
  return parts ? `${parts.days}d ${parts.hours}h ${parts.minutes}m left` : 'ended, finishing shortly';
};

const nextSync = (at: string) => {
  const minutes = Math.ceil((Date.parse(at) - Date.now()) / 60_000);
  return minutes <= 0 ? 'Next sync: due now' : `Next sync in ${minutes} min`;
};

function SourceStatus({ source }: { source: NonNullable<AdminLeaderboard['source']> }) {
  const failing = source.last_error !== null && source.consecutive_failures > 0;
  return (
    <div className="space-y-1 text-sm" data-testid="source-status">
      <p className="font-medium text-ink">
        {SOURCE_KIND_LABELS[source.kind]} {source.is_enabled ? `· every ${Math.round(source.interval_sec / 60)} min` : '· automatic sync off'}
        {!source.has_secret && source.kind !== 'generic' && <span className="ml-2 text-warning">· no key saved</span>}
      </p>
      {source.last_success_at ? (
        <p className="flex items-center gap-1.5 text-muted">
          <CheckCircle2 className="size-3.5 text-success" aria-hidden /> Last good sync {timeAgo(source.last_success_at)} · {source.last_row_count ?? 0} players
        </p>
      ) : (
        <p className="text-muted">Not synced yet.</p>
      )}
      {failing && (
        <p className="flex items-start gap-1.5 text-danger" role="alert">
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            {source.last_error} ({countOf(source.consecutive_failures, 'failure')} in a row{source.last_error_at ? `, ${timeAgo(source.last_error_at)}` : ''}). Members still see the last good standings.
          </span>
        </p>
      )}
      {source.is_enabled && <p className="text-xs text-muted">{nextSync(source.next_sync_at)}</p>}
    </div>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-xs uppercase tracking-wide text-muted">{label}</p>
      <p className="font-semibold text-ink tabular-nums">{children}</p>
    </div>
  );
}

/** One leaderboard of a platform: its running period, prizes and wager source, with the staff's actions. */
export function LeaderboardPanel({ platform, leaderboard, canEdit }: { platform: AdminPlatform; leaderboard: AdminLeaderboard; canEdit: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const endPeriod = useEndPeriod();
  const remove = useDeleteLeaderboard();
  const unplug = useRemoveSource();
  const sync = useSyncNow();
  const toast = useToast();
  const period = leaderboard.current_period;
  const money = (amount: number) => formatAmount(amount, platform.amount_format, platform.currency_symbol);
  const close = () => setDialog(null);
  const done = (fallback: string) => ({
    onSuccess: (result: Message) => {
      toast.success(result.message);
      close();
    },
    onError: (failure: Error) => toast.error(errorMessage(failure, fallback)),
  });
  const typeLabel = LEADERBOARD_TYPE_LABELS[leaderboard.leaderboard_type];

  return (
    <article className="rounded-xl border border-line bg-surface-2/50 p-4" aria-label={`${platform.name} ${typeLabel}`} data-testid="admin-leaderboard">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold text-ink">
          <Trophy className="size-4 text-gold" aria-hidden /> {typeLabel}
          <span className="text-xs font-normal text-muted">
            {leaderboard.period_length === 'custom' ? `Every ${leaderboard.custom_days} days` : PERIOD_LENGTH_LABELS[leaderboard.period_length]}
            {!leaderboard.is_active && ' · hidden'}
          </span>
        </h3>
        {canEdit && (
          <div className="flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setDialog('edit')} aria-label={`Edit the ${typeLabel} leaderboard`}>
              <Pencil className="size-4" aria-hidden />
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDialog('delete')} aria-label={`Delete the ${typeLabel} leaderboard`}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        )}
      </header>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="space-y-3">
          {period ? (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Stat label="Current period">
                {formatDate(period.starts_at)} – {formatDate(period.ends_at)}
              </Stat>
              <Stat label="Ends">{left(period.ends_at)}</Stat>
              <Stat label="Players">{period.entries_count}</Stat>
              <Stat label="Prize pool">{money(period.prize_total)}</Stat>
              <Stat label="Paid places">{period.prizes.length}</Stat>
              {leaderboard.last_period && (
                <Stat label="Last period">
                  ended {formatDate(leaderboard.last_period.ends_at)} · {leaderboard.last_period.prizes_paid_at ? 'prizes paid' : leaderboard.last_period.prize_total > 0 ? 'prizes to pay' : 'no prizes'}
                </Stat>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted">No running period.</p>
          )}
          {canEdit && period && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setDialog('prizes')}>
                <Trophy className="size-4" aria-hidden /> Prizes
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDialog('dates')}>
                <CalendarRange className="size-4" aria-hidden /> Dates
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDialog('end')}>
                <Flag className="size-4" aria-hidden /> End period now
              </Button>
            </div>
          )}
        </div>
        <div className="space-y-3 border-t border-line/70 pt-3 lg:border-l lg:border-t-0 lg:pl-4 lg:pt-0">
          {leaderboard.source ? <SourceStatus source={leaderboard.source} /> : <p className="text-sm text-muted">No wager source: standings come from CSV imports and manual entries.</p>}
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setDialog('source')}>
                <PlugZap className="size-4" aria-hidden /> {leaderboard.source ? 'Source settings' : 'Connect a source'}
              </Button>
              {leaderboard.source && (
                <>
                  <Button size="sm" variant="secondary" busy={sync.isPending} busyLabel="Syncing..." disabled={!leaderboard.source.is_enabled} title={leaderboard.source.is_enabled ? undefined : "Turn on automatic sync to sync now."} onClick={() =>
                      sync.mutate(leaderboard.id, {
                        // A failed sync still answers 200 (the failure is recorded on the source): say it as an error.
                        onSuccess: (result) => (result.data.consecutive_failures > 0 ? toast.error(result.message) : toast.success(result.message)),
                        onError: (failure) => toast.error(errorMessage(failure, 'The sync did not run.')),
                      })
                    }>
                    <RefreshCw className="size-4" aria-hidden /> Sync now
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDialog('unplug')}>
                    <Unplug className="size-4" aria-hidden /> Remove source
                  </Button>
                </>
              )}
            </div>
          )}
        </div>
      </div>

      {dialog === 'edit' && <LeaderboardForm platformId={platform.id} leaderboard={leaderboard} taken={[]} onClose={close} />}
      {dialog === 'dates' && period && <PeriodDatesForm leaderboardId={leaderboard.id} period={period} onClose={close} />}
      {dialog === 'prizes' && period && <PrizesForm leaderboardId={leaderboard.id} period={period} format={platform.amount_format} symbol={platform.currency_symbol} onClose={close} />}
      {dialog === 'source' && <SourceForm leaderboard={leaderboard} onClose={close} />}
      <ConfirmDialog
        open={dialog === 'end'}
        title="End the current period now?"
        description="Its standings freeze as the last period (members see them under Last period) and the next period starts at once, with the same prizes."
        confirmLabel="End period"
        busyLabel="Ending..."
        busy={endPeriod.isPending}
        onCancel={close}
        onConfirm={() => endPeriod.mutate(leaderboard.id, done('The period did not end.'))}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={`Delete the ${typeLabel} leaderboard?`}
        description="Its periods, standings, prizes and wager source go with it."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() => remove.mutate(leaderboard.id, done('The leaderboard was not deleted.'))}
      />
      <ConfirmDialog
        open={dialog === 'unplug'}
        title="Remove the wager source?"
        description="Syncing stops and the saved key is deleted. The standings stay as they are."
        confirmLabel="Remove source"
        busyLabel="Removing..."
        busy={unplug.isPending}
        onCancel={close}
        onConfirm={() => unplug.mutate(leaderboard.id, done('The source was not removed.'))}
      />
    </article>
  );
}
