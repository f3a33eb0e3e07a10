import { Link } from 'react-router';
import { useSiteSettings } from '@web/lib/site-settings';
import { cn } from '@web/components/ui/cn';

export function BrandMark({ className }: { className?: string }) {
  return <img src="/favicon.svg" alt="" width={32} height={32} className={cn('size-8 rounded-lg', className)} />;
}

export function Brand({ compactBelow = 'lg' }: { compactBelow?: 'lg' | 'never' }) {
  const { site_name } = useSiteSettings();
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-lg" aria-label={`${site_name} home`}>
      <BrandMark />
      <span className={cn('text-lg font-extrabold tracking-tight text-ink', compactBelow === 'lg' && 'max-md:inline md:hidden lg:inline')}>{site_name}</span>
    </Link>
  );
}
