import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError } from '@web/lib/api';
import { buttonClasses } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { Skeleton } from './skeleton';

/** Where an admin detail page leads back to: its list. */
export interface BackTo {
  to: string;
  label: string;
}

export function BackLink({ to, label }: BackTo) {
  return (
    <Link to={to} className="mb-4 inline-flex items-center gap-1.5 text-sm text-ink-2 hover:text-ink">
      <ArrowLeft className="size-4" aria-hidden /> {label}
    </Link>
  );
}

/**
 * An admin detail page until its subject is loaded: skeletons, then either "{X} Not Found" with the way back
 * (a missing or malformed id) or the failed load with Try Again.
 */
export function DetailFallback({ query, back, icon, notFound, failure }: { query: UseQueryResult<unknown>; back: BackTo; icon: LucideIcon; notFound: string; failure: string }) {
  if (!query.isError) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-12 w-80 max-w-full" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }
  const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <>
      <BackLink {...back} />
      <Card>
        {missing ? (
          <EmptyState icon={icon} title={notFound} action={<Link to={back.to} className={buttonClasses('secondary', 'md')}>{back.label}</Link>}>
            It may have been deleted.
          </EmptyState>
        ) : (
          <LoadError message={failure} onRetry={() => void query.refetch()} />
        )}
      </Card>
    </>
  );
}
