import type { LedgerEntry } from '@common/contracts/members';
import { formatPoints, timeAgo } from '@common/format';
import { cn } from '@web/components/ui/cn';

export function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  return (
    <section>
      <h3 className="text-sm font-bold tracking-wide text-muted uppercase">Points history</h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No points movements yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line/60 rounded-xl border border-line">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 px-3 py-2.5 text-sm">
              <span className={cn('w-20 shrink-0 font-bold tabular-nums', entry.delta > 0 ? 'text-success' : 'text-red-300')}>
                {entry.delta > 0 ? '+' : '−'}
                {formatPoints(Math.abs(entry.delta))}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-ink">{entry.note ?? entry.reason.replaceAll('_', ' ')}</span>
                <span className="block text-xs text-muted">
                  {entry.reason.replaceAll('_', ' ')}
                  {entry.actor && ` · by ${entry.actor.username}`} · {timeAgo(entry.created_at)}
                </span>
              </span>
              <span className="shrink-0 text-xs text-muted tabular-nums">= {formatPoints(entry.balance_after)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
