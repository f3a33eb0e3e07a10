import type { AdminEntry } from '@common/contracts/leaderboards';
import { formatLocalDateTime, timeAgo } from '@common/format';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';

const SOURCES: Record<AdminEntry['source'], { label: string; tone: string; title: string }> = {
  sync: { label: 'Sync', tone: 'bg-info/15 text-info', title: 'Reported by the partner' },
  manual: { label: 'Staff', tone: 'bg-accent/20 text-ink-2', title: 'Set by staff; syncs leave it alone' },
  import: { label: 'Import', tone: 'bg-warning/15 text-warning', title: 'From a CSV import; syncs leave it alone' },
};

export function SourceBadge({ source }: { source: AdminEntry['source'] }) {
  const { label, tone, title } = SOURCES[source];
  return (
    <span title={title} className={cn('inline-flex h-5 items-center rounded-full px-2 text-[11px] font-semibold', tone)}>
      {label}
    </span>
  );
}

/**
 * A period's standings: a table on wide screens, a stacked row per player on phones (the same cells
 * on a grid). The change buttons only appear for staff who may use them.
 */
export function EntriesTable({ entries, amount, onEdit, onDelete }: { entries: AdminEntry[]; amount(value: number): string; onEdit?(entry: AdminEntry): void; onDelete?(entry: AdminEntry): void }) {
  const editable = onEdit !== undefined && onDelete !== undefined;
  const cell = 'sm:table-cell sm:px-4 sm:py-2.5 sm:align-middle';
  return (
    <table className="block w-full text-left text-sm sm:table">
      <thead className="hidden border-b border-line text-xs tracking-wide text-muted uppercase sm:table-header-group">
        <tr>
          <th className="px-4 py-2.5 font-medium">Rank</th>
          <th className="px-4 py-2.5 font-medium">Player</th>
          <th className="px-4 py-2.5 text-right font-medium">Wagered</th>
          <th className="px-4 py-2.5 font-medium">Source · updated</th>
          {editable && (
            <th className="px-4 py-2.5 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className="block divide-y divide-line sm:table-row-group">
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="wager-entry" className="grid grid-cols-[2.75rem_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-4 py-3 sm:table-row sm:p-0 hover:bg-surface-2/40">
            <td className={cn('row-span-2 self-start font-semibold tabular-nums', cell, entry.rank <= 3 ? 'text-gold' : 'text-muted')}>#{entry.rank}</td>
            <td className={cn('truncate font-medium text-ink sm:max-w-[16rem]', cell)}>
              {entry.username}
              {entry.wagered === 0 && <span className="ml-2 text-xs font-normal text-muted">(hidden at 0)</span>}
            </td>
            <td className={cn('text-right font-semibold text-ink tabular-nums', cell)}>{amount(entry.wagered)}</td>
            <td className={cn('col-start-2 flex items-center gap-2 text-xs text-muted', cell)}>
              <SourceBadge source={entry.source} />{' '}
              <time dateTime={entry.updated_at} title={formatLocalDateTime(new Date(entry.updated_at))}>
                {timeAgo(entry.updated_at)}
              </time>
            </td>
            {editable && (
              <td className={cn('col-start-3 flex justify-end gap-1 whitespace-nowrap sm:text-right', cell)}>
                <Button size="sm" variant="ghost" onClick={() => onEdit(entry)} aria-label={`Correct ${entry.username}`}>
                  <Pencil className="size-4" aria-hidden />
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onDelete(entry)} aria-label={`Delete ${entry.username}`}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
