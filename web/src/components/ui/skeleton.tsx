import { cn } from './cn';

/** A placeholder the shape of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-surface-3/70', className)} />;
}
