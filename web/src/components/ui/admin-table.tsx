import { cn } from './cn';

/** A column of an admin table's head: its label, numbers on the right, or a label for screen readers only. */
export type AdminColumn = string | { label: string; align?: 'right'; screenReaderOnly?: boolean };

/**
 * The head of an admin table: shown from the md breakpoint, where the rows are table rows; on a phone the rows
 * stack as cards (their class ends with ADMIN_ROW) and each cell says what it is.
 */
export function AdminTableHead({ columns, dense = false }: { columns: (AdminColumn | false)[]; dense?: boolean }) {
  return (
    <thead className="hidden border-b border-line bg-surface-2/60 text-xs tracking-wide text-muted uppercase md:table-header-group">
      <tr>
        {columns
          .filter((column): column is AdminColumn => column !== false)
          .map((column) => {
            const { label, align, screenReaderOnly } = typeof column === 'string' ? { label: column } : column;
            return (
              <th key={label} className={cn(dense ? 'px-3' : 'px-4', 'py-3', align === 'right' && 'text-right', !screenReaderOnly && 'font-semibold')}>
                {screenReaderOnly ? <span className="sr-only">{label}</span> : label}
              </th>
            );
          })}
      </tr>
    </thead>
  );
}

/**
 * An admin table's class. On a phone its rows are cards as wide as the screen: a fixed layout, or a long title or
 * date would widen the whole table to its own length and the card around it would cut the rest of the row off.
 */
export const ADMIN_TABLE = 'w-full table-fixed text-left text-sm md:table-auto';

/** The end of an admin row's class: a card with a line under it on a phone (each cell may shrink), a table row from md. */
export const ADMIN_ROW = 'border-b border-line/60 px-4 py-3 last:border-0 md:table-row md:p-0 [&>td]:min-w-0';
