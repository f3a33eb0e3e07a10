import { cn } from '@web/components/ui/cn';

export const navItemClasses = (active: boolean) =>
  cn(
    'inline-flex h-9 items-center gap-1 rounded-lg px-2.5 text-sm font-medium transition lg:px-3',
    active ? 'bg-surface-2 text-ink' : 'text-ink-2 hover:bg-surface-2/70 hover:text-ink',
  );
