import type { AdminLedgerEntry } from '@common/contracts/earning';
import { formatPoints } from '@common/format';
import { cn } from '@web/components/ui/cn';
import { ADMIN_ROW, ADMIN_TABLE, AdminTableHead } from '@web/components/ui/admin-table';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const cell = 'md:px-4 md:py-3 md:align-top';

/** The ledger as a table on desktop and as one card per entry on phones (same rows, laid out by grid). */
export function LedgerRows({ entries, busy, onMember }: { entries: AdminLedgerEntry[]; busy: boolean; onMember(username: string): void }) {
  return (
    <table className={cn(ADMIN_TABLE, 'transition-opacity', busy && 'opacity-60')} aria-busy={busy}>
      <AdminTableHead
        columns={[
          'Date/time',
          'Member',
          { label: 'Change', align: 'right' },
          { label: 'Balance after', align: 'right' },
          'Reason',
          'Note',
          'By',
        ]}
      />
      <tbody>
        {entries.map((entry) => (
          <tr
            key={entry.id}
            data-testid="ledger-row"
            className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 hover:bg-surface-2/60 ${ADMIN_ROW}`}
          >
            <td className={cn('order-5 text-xs text-muted tabular-nums md:text-sm md:whitespace-nowrap', cell)}>
              <time dateTime={entry.created_at} title={entry.created_at}>
                {when.format(new Date(entry.created_at))}
              </time>
            </td>
            <td className={cn('order-1 min-w-0', cell)}>
              <button
                type="button"
                onClick={() => onMember(entry.member.username)}
                title={`Show only ${entry.member.username}'s entries`}
                className="max-w-full truncate text-left font-semibold text-ink hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-accent"
              >
                {entry.member.username}
              </button>
              <span className="ml-1.5 text-xs text-muted tabular-nums">#{entry.member.id}</span>
            </td>
            <td className={cn('order-2 text-right text-base font-bold tabular-nums md:text-sm md:whitespace-nowrap', cell, entry.delta >= 0 ? 'text-success' : 'text-red-300')}>
              {entry.delta >= 0 ? '+' : '−'}
              {formatPoints(Math.abs(entry.delta))}
            </td>
            <td className={cn('order-4 text-right text-xs text-ink-2 tabular-nums md:text-sm md:whitespace-nowrap', cell)}>
              <span className="text-muted md:hidden">Balance </span>
              {formatPoints(entry.balance_after)}
            </td>
            <td className={cn('order-3', cell)}>
              <span className="inline-block rounded-full border border-accent/30 bg-accent/10 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-ink-2">{entry.label}</span>
            </td>
            <td className={cn('order-7 col-span-2 min-w-0 text-ink-2 empty:hidden md:max-w-xs md:empty:table-cell', cell)}>
              {entry.note && <span className="block break-words">{entry.note}</span>}
              {entry.reference && <span className="block truncate text-xs text-muted">Ref. {entry.reference}</span>}
            </td>
            <td className={cn('order-6 text-right text-xs text-muted md:text-left md:text-sm', cell, !entry.actor && 'max-md:hidden')}>
              {entry.actor ? (
                <>
                  <span className="md:hidden">by </span>
                  <span className="text-ink-2">{entry.actor.username}</span>
                </>
              ) : (
                <span title="Automatic">—</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
