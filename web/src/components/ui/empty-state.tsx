import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** A section with nothing to show. `heading="h1"` where it is all the page shows (a detail page that failed to load). */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
  heading: Heading = 'h2',
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  heading?: 'h1' | 'h2';
}) {
  return (
    <div className={cn('flex flex-col items-center justify-center gap-3 px-6 py-12 text-center', className)}>
      <span className="flex size-14 items-center justify-center rounded-2xl border border-line bg-surface-2 text-accent">
        <Icon className="size-7" aria-hidden />
      </span>
      <Heading className="text-lg font-semibold text-ink">{title}</Heading>
      {children && <div className="max-w-md text-sm text-muted">{children}</div>}
      {action}
    </div>
  );
}
