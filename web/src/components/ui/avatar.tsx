import { useState } from 'react';
import { cn } from './cn';

const SIZES = { xs: 'size-6 text-[10px]', sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-lg', xl: 'size-24 text-2xl' };

/** A member's picture in a fixed box; initials if the image cannot load. */
export function Avatar({ src, name, size = 'md', className }: { src?: string | null; name: string; size?: keyof typeof SIZES; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-3 ring-1 ring-line', SIZES[size], className);
  if (!src || failed) {
    return (
      <span className={cn(box, 'font-bold text-ink-2')} aria-hidden>
        {name.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?'}
      </span>
    );
  }
  return <img src={src} alt="" width={128} height={128} loading="lazy" onError={() => setFailed(true)} className={cn(box, 'object-cover')} />;
}
