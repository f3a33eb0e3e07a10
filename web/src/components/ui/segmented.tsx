import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface SegmentItem<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * One choice out of a few (platform, period, type): Radix ToggleGroup, so arrow keys move between the
 * options and the chosen one is announced as pressed. Clicking the chosen one again keeps it chosen. On a narrow
 * screen the options wrap onto another row rather than hide behind a sideways scroll.
 */
export function Segmented<T extends string>({
  value,
  onChange,
  items,
  label,
  size = 'md',
  className,
}: {
  value: T;
  onChange(value: T): void;
  items: SegmentItem<T>[];
  label: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => next && onChange(next as T)}
      aria-label={label}
      className={cn('inline-flex max-w-full flex-wrap gap-1 rounded-xl border border-line bg-surface-2/70 p-1', className)}
    >
      {items.map((item) => (
        <ToggleGroup.Item
          key={item.value}
          value={item.value}
          className={cn(
            'inline-flex shrink-0 items-center gap-2 rounded-lg font-semibold whitespace-nowrap text-muted transition',
            size === 'md' ? 'h-10 px-4 text-sm' : 'h-8 px-3 text-xs',
            'hover:bg-surface-3 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent',
            'data-[state=on]:bg-accent-gradient data-[state=on]:text-white data-[state=on]:shadow-[0_6px_20px_-8px_rgb(168_85_247/0.7)]',
          )}
        >
          {item.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
