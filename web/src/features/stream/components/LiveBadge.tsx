import { cn } from '@web/components/ui/cn';
import { useSiteSettings } from '@web/lib/site-settings';
import { useStreamStatus } from '../api/stream-status';

/** Links to the channel; Checking... while loading, and offline whenever Kick could not be asked. */
export function LiveBadge({ className }: { className?: string }) {
  const { data, isPending } = useStreamStatus();
  const { kick_channel } = useSiteSettings();
  const live = data?.status === 'live';
  const label = isPending ? 'Checking...' : live ? 'Live' : 'Offline';
  return (
    <a
      href={data?.url ?? `https://kick.com/${kick_channel}`}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="live-badge"
      data-status={isPending ? 'checking' : live ? 'live' : 'offline'}
      title={live && data?.title ? data.title : `${kick_channel} on Kick`}
      className={cn(
        'inline-flex h-8 items-center gap-2 rounded-full border px-3 text-xs font-bold tracking-wide uppercase transition',
        live ? 'border-red-500/50 bg-red-500/15 text-red-200 hover:bg-red-500/25' : 'border-line bg-surface-2 text-muted hover:text-ink',
        className,
      )}
    >
      <span className="relative flex size-2">
        {live && <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-500 opacity-75" />}
        <span className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-red-500' : isPending ? 'bg-muted animate-pulse' : 'bg-slate-500')} />
      </span>
      {label}
    </a>
  );
}
