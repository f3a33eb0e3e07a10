import { Dices } from 'lucide-react';
import { useState } from 'react';
import { cn } from './cn';

/**
 * A slot's picture (an upload under /storage/) in a fixed square, or a dice when it has none. Small squares (up to
 * 48 CSS px, the lists) load the server's 96 px thumbnail (/thumbs/); `large` ones (cards) and admin forms' previews
 * of what was uploaded load the stored image.
 */
export function SlotImage({
  image,
  className = 'size-10',
  large = false,
  whole = false,
}: {
  image: string | null;
  className?: string;
  large?: boolean;
  /** The whole picture, over a blurred copy filling the box (a tall slot cover in a wide box), instead of cropped to it. */
  whole?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const box = cn('shrink-0 overflow-hidden rounded-lg border border-line bg-surface-3', className);
  if (!image || failed) {
    return (
      <span className={cn(box, 'inline-flex items-center justify-center text-accent')} aria-hidden>
        <Dices className="size-1/2" />
      </span>
    );
  }
  const src = large ? `/storage/${image}` : `/thumbs/${image}`;
  const picture = (fit: string) => <img src={src} alt="" width={96} height={96} loading="lazy" onError={() => setFailed(true)} className={fit} />;
  if (!whole) return picture(cn(box, 'object-cover'));
  return (
    <span className={cn(box, 'relative block')}>
      <img src={src} alt="" aria-hidden loading="lazy" className="absolute inset-0 size-full scale-110 object-cover opacity-50 blur-xl" />
      {picture('relative size-full object-contain')}
    </span>
  );
}
