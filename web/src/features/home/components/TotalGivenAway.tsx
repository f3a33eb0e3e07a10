import { HandCoins } from 'lucide-react';
import { Skeleton } from '@web/components/ui/skeleton';
import { useTotalGivenAway } from '../api/total-given-away';

export function TotalGivenAway() {
  const { data, isPending, isError } = useTotalGivenAway();
  if (isError) return null;
  return (
    <section aria-label="Total given away" className="flex flex-col items-center gap-2 rounded-3xl border border-line bg-surface/60 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-gold/15 text-gold">
        <HandCoins className="size-6" aria-hidden />
      </span>
      {isPending ? (
        <Skeleton className="mt-2 h-12 w-64" />
      ) : (
        <p data-testid="total-given-away" className="text-4xl font-black tracking-tight text-ink tabular-nums sm:text-5xl">
          {data.formatted_total}
        </p>
      )}
      <p className="text-sm font-medium tracking-wide text-muted uppercase">Given away to the community</p>
    </section>
  );
}
