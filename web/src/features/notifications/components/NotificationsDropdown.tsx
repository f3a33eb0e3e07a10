import { NOTIFICATIONS_SHOWN } from '@common/limits';
import { formatCount, timeAgo } from '@common/format';
import { BellOff, CheckCheck } from 'lucide-react';
import { Popover } from 'radix-ui';
import { TopBarPopoverContent } from '@web/components/ui/top-bar-popover';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@web/components/ui/cn';
import { Skeleton } from '@web/components/ui/skeleton';
import { TOP_BAR_ICON_BUTTON } from '@web/components/ui/top-bar-button';
import { useTakeFocus, type IntentHandoff } from '@web/lib/load-on-intent';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications';
import { notificationsLabel, NotificationsTriggerContent } from './NotificationsButton';

/** The notifications popover, loaded on the first hover, focus or press of its button (NotificationsButton), which it replaces. */
export default function NotificationsDropdown({ handoff }: { handoff: IntentHandoff }) {
  const trigger = useTakeFocus(handoff);
  const { data, isPending, isError } = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  useEffect(() => {
    // Spec 1 §8: a failed load is only logged; the dropdown shows an empty list.
    if (isError) console.warn('Could not load notifications');
  }, [isError]);

  const unread = data?.unread ?? 0;
  const total = data?.total ?? 0;
  const shown = (data?.list ?? []).slice(0, NOTIFICATIONS_SHOWN);

  return (
    <Popover.Root>
      <Popover.Trigger ref={trigger} className={TOP_BAR_ICON_BUTTON} aria-label={notificationsLabel(unread)}>
        <NotificationsTriggerContent unread={unread} />
      </Popover.Trigger>
      <TopBarPopoverContent className="w-[min(22rem,calc(100vw-1.5rem))]">
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <p className="font-semibold text-ink">
            Notifications
            {unread > 0 && <span className="ml-2 rounded-full bg-accent/20 px-2 py-0.5 text-xs text-ink-2">{formatCount(unread)} unread</span>}
          </p>
          {unread > 0 && (
            <button type="button" onClick={() => markAll.mutate()} disabled={markAll.isPending} className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-ink-2 hover:bg-surface-2 hover:text-ink disabled:opacity-50">
              <CheckCheck className="size-3.5" /> Mark all read
            </button>
          )}
        </div>
        <div className="max-h-[60vh] overflow-y-auto">
          {isPending ? (
            <div className="space-y-3 p-4">
              {[0, 1, 2].map((row) => (
                <div key={row} className="space-y-2">
                  <Skeleton className="h-3.5 w-full" />
                  <Skeleton className="h-3 w-16" />
                </div>
              ))}
            </div>
          ) : shown.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
              <BellOff className="size-7 text-muted" aria-hidden />
              <p className="text-sm font-medium text-ink">You're all caught up</p>
              <p className="text-xs text-muted">News about your points, rewards and friends shows up here.</p>
            </div>
          ) : (
            <ul>
              {shown.map((item) => (
                <li key={item.id}>
                  <Popover.Close asChild>
                    <button
                      type="button"
                      data-testid="notification"
                      onClick={() => {
                        if (!item.read_at) markRead.mutate(item.id);
                        if (item.data.link) navigate(item.data.link);
                      }}
                      className={cn('flex w-full gap-3 border-b border-line/60 px-4 py-3 text-left transition hover:bg-surface-2', !item.read_at && 'bg-accent/5')}
                    >
                      <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read_at ? 'bg-transparent' : 'bg-accent-hot')} aria-label={item.read_at ? undefined : 'Unread'} />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm text-ink">{item.data.message || 'New notification'}</span>
                        <span className="mt-1 block text-xs text-muted">{timeAgo(item.created_at)}</span>
                      </span>
                    </button>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          )}
        </div>
        {total > NOTIFICATIONS_SHOWN && (
          <p className="border-t border-line px-4 py-2.5 text-center text-xs text-muted">
            Showing {NOTIFICATIONS_SHOWN} of {formatCount(total)}
          </p>
        )}
      </TopBarPopoverContent>
    </Popover.Root>
  );
}
