import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';

/** Spec 1 §8: 'Failed to load bonus hunts', with a way to try again. */
export function LoadFailed({ icon, onRetry, children }: { icon: LucideIcon; onRetry(): void; children?: ReactNode }) {
  return (
    <Card>
      <EmptyState icon={icon} title="Failed to load bonus hunts" action={<Button onClick={onRetry}>Try Again</Button>}>
        {children}
      </EmptyState>
    </Card>
  );
}

/** A row of placeholders shaped like the cards that are loading. */
export function SkeletonGrid({ count, className, itemClassName }: { count: number; className: string; itemClassName: string }) {
  return (
    <div className={cn('grid', className)}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={itemClassName} />
      ))}
    </div>
  );
}
