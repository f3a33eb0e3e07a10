import { Trophy } from 'lucide-react';
import { cn } from '../ui/cn';

/** A partner platform's logo (an upload), or a trophy when it has none. */
export function PlatformLogo({ platform, className = 'size-6' }: { platform: { image: string | null }; className?: string }) {
  if (!platform.image) return <Trophy className={cn(className, 'text-gold')} aria-hidden />;
  return <img src={`/storage/${platform.image}`} alt="" width={56} height={56} className={cn(className, 'rounded-md object-cover')} />;
}
