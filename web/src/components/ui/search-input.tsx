import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from './cn';
import { inputClasses } from './field';

/** A search box with its magnifier icon; `label` is read to screen readers. */
export function SearchInput({ label, className, inputClassName, ...rest }: { label: string; inputClassName?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={cn('relative block', className)}>
      <span className="sr-only">{label}</span>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <input type="search" className={cn(inputClasses, 'pl-9', inputClassName)} {...rest} />
    </label>
  );
}
