import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';

export interface Heading {
  label: string;
  align?: 'right' | 'center';
}

/**
 * The body of a searchable list that is a table on wide screens and a column of cards on phones: what to say
 * when there is nothing or nothing matches, else the column headings (wide screens only) and the rows.
 */
export function ListTable({ total, shown, search, empty, columns, headings, label, children }: {
  total: number;
  shown: number;
  search: string;
  empty: ReactNode;
  /** The md: grid template the rows share. */
  columns: string;
  headings: Heading[];
  label: string;
  children: ReactNode;
}) {
  if (total === 0) return empty;
  if (shown === 0) {
    return (
      <EmptyState icon={SearchX} title={`No ${label.toLowerCase()} found matching "${search.trim()}"`}>
        Try adjusting your search terms
      </EmptyState>
    );
  }
  return (
    <>
      <div aria-hidden className={cn('hidden gap-x-4 bg-surface-2/60 px-4 py-3 text-xs font-semibold tracking-wider text-muted uppercase md:grid', columns)}>
        {headings.map((heading, index) => (
          <span key={index} className={cn(heading.align === 'right' && 'text-right', heading.align === 'center' && 'text-center')}>
            {heading.label}
          </span>
        ))}
      </div>
      <ul className="divide-y divide-line/70" aria-label={label}>
        {children}
      </ul>
    </>
  );
}
