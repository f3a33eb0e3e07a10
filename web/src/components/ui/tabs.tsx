import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface TabItem {
  value: string;
  label: ReactNode;
}

/** Underlined tabs (Radix Tabs: arrow keys move between them); the active one carries the accent. */
export function Tabs({
  value,
  onValueChange,
  items,
  label,
  children,
  className,
  fill = false,
}: {
  value: string;
  onValueChange(value: string): void;
  items: TabItem[];
  label: string;
  children: ReactNode;
  className?: string;
  /** On phones the tabs share the row and long labels wrap, so four tabs with long names (or five short ones) stay in view. */
  fill?: boolean;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} className={className}>
      <RadixTabs.List aria-label={label} className={cn('mb-6 flex overflow-x-auto border-b border-line', fill ? 'sm:gap-1' : 'gap-1')}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              '-mb-px border-b-2 border-transparent py-2.5 font-semibold text-muted transition',
              fill ? 'min-w-0 flex-auto px-1 text-[13px] leading-tight sm:flex-none sm:px-4 sm:text-sm' : 'shrink-0 px-4 text-sm',
              // The outline sits inside the tab: the list scrolls sideways on phones, which would clip one drawn outside.
              'rounded-t-lg hover:text-ink focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
              'data-[state=active]:border-accent data-[state=active]:text-ink',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export const TabPanel = ({ value, children }: { value: string; children: ReactNode }) => (
  // Radix puts the panel in the tab order (for panels without a control of their own), so it shows where the focus is.
  <RadixTabs.Content value={value} className="animate-fade-in rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent/70">
    {children}
  </RadixTabs.Content>
);
