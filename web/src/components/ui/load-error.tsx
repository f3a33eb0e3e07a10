import { cn } from './cn';

/** A failed load with the spec's next action: Try Again. */
export function LoadError({ message, onRetry, className }: { message: string; onRetry(): void; className?: string }) {
  return (
    <div role="alert" className={cn('p-6 text-sm text-ink-2', className)}>
      {message}{' '}
      <button type="button" className="font-semibold text-accent hover:underline" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
