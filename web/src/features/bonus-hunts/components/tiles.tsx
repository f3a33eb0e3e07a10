import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { SlotImage } from '@web/components/ui/slot-image';

/** One figure with its icon and label (the hunt's tiles, the all-time statistics). */
export function StatTile({ icon: Icon, label, value, hint, valueClassName, className, testId }: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  valueClassName?: string;
  className?: string;
  testId: string;
}) {
  return (
    <Card className={cn('flex items-center gap-4 p-4 sm:p-5', className)} data-testid={testId}>
      {/* Phones show two tiles a row: the figure gets the room. */}
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent sm:flex">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</p>
        <p className={cn('truncate text-xl font-black text-ink tabular-nums sm:text-2xl', valueClassName)}>{value}</p>
        {hint && <p className="mt-0.5 text-xs text-muted">{hint}</p>}
      </div>
    </Card>
  );
}

/** A record slot (highest multiplier, biggest win) with its picture and figures, or what to say while there is none. */
export function SlotHighlight({ title, icon: Icon, slot, empty, children, testId }: {
  title: string;
  icon: LucideIcon;
  slot: { slot_name: string; slot_provider: string; slot_image: string | null } | null | undefined;
  empty: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Card className="relative overflow-hidden p-5" data-testid={testId}>
      <div className="pointer-events-none absolute -top-14 -right-14 size-44 rounded-full bg-gold/10 blur-2xl" />
      <p className="relative flex items-center gap-2 text-xs font-semibold tracking-wider text-muted uppercase">
        <Icon className="size-4 text-gold" aria-hidden /> {title}
      </p>
      {slot ? (
        <div className="relative mt-3 flex items-center gap-4">
          <SlotImage image={slot.slot_image} className="size-16" large />
          <div className="min-w-0">
            <p className="truncate text-lg font-bold text-ink">{slot.slot_name}</p>
            <p className="truncate text-xs text-muted">{slot.slot_provider}</p>
            <p className="mt-1 flex flex-wrap items-baseline gap-x-3 text-sm text-ink-2 tabular-nums">{children}</p>
          </div>
        </div>
      ) : (
        <p className="relative mt-3 py-4 text-sm text-muted">{empty}</p>
      )}
    </Card>
  );
}
