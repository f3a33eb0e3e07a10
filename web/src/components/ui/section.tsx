import type { ReactNode } from 'react';
import { Card } from './card';
import { cn } from './cn';

/** A titled card of a page (its icon, a heading, something aside such as a count), read out as a region. */
export function Section({ title, icon, aside, children, testId, id, className }: {
  title: string;
  icon: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** An anchor other parts of the page link to (kept clear of the fixed top bar). */
  id?: string;
  className?: string;
}) {
  return (
    <Card id={id} className={cn('scroll-mt-24 p-4 sm:p-5', className)} data-testid={testId} role="region" aria-label={title}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
          {icon} {title}
        </h2>
        {aside}
      </div>
      {children}
    </Card>
  );
}
