import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/** Previous / next under a paged admin list; nothing when everything fits on one page. */
export function Pager({ page, total, perPage, onPage }: { page: number; total: number; perPage: number; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="mt-4 flex items-center justify-between text-sm text-ink-2" aria-label="Pages">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Previous page">
        <ChevronLeft className="size-4" aria-hidden /> Previous
      </Button>
      <span className="tabular-nums">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label="Next page">
        Next <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
