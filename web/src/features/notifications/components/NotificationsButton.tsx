import { Bell } from 'lucide-react';
import { CLOSED_POPOVER_TRIGGER, TOP_BAR_ICON_BUTTON } from '@web/components/ui/top-bar-button';
import { onIntent, useIntent } from '@web/lib/load-on-intent';
import { useNotifications } from '../api/notifications';

export const notificationsLabel = (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications');

export function NotificationsTriggerContent({ unread }: { unread: number }) {
  return (
    <>
      <Bell className="size-5" />
      {unread > 0 && (
        <span data-testid="notifications-unread" className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-hot px-1 text-[10px] font-bold text-white tabular-nums">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </>
  );
}

// The popover (Radix, positioning, the list) comes on the first sign of use.
const dropdown = onIntent(() => import('./NotificationsDropdown'));

/** The top bar's bell with its unread count; NotificationsDropdown takes its place once loaded. */
export function NotificationsButton() {
  const { data } = useNotifications(true);
  const { value, handlers, handoff } = useIntent(dropdown);
  if (value) return <value.default handoff={handoff} />;
  const unread = data?.unread ?? 0;
  return (
    <button {...CLOSED_POPOVER_TRIGGER} className={TOP_BAR_ICON_BUTTON} aria-label={notificationsLabel(unread)} {...handlers}>
      <NotificationsTriggerContent unread={unread} />
    </button>
  );
}
