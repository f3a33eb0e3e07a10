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
}: {
  value: string;
  onValueChange(value: string): void;
  items: TabItem[];
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} className={className}>
      <RadixTabs.List aria-label={label} className="mb-6 flex gap-1 overflow-x-auto border-b border-line">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              '-mb-px shrink-0 border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold text-muted transition',
              'hover:text-ink focus-visible:outline-2 focus-visible:outline-accent',
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
  <RadixTabs.Content value={value} className="animate-fade-in focus-visible:outline-none">
    {children}
  </RadixTabs.Content>
);
