import { PENDING_BADGE_CAP } from '@common/limits';
import { Users } from 'lucide-react';
import { CLOSED_POPOVER_TRIGGER, TOP_BAR_ICON_BUTTON } from '@web/components/ui/top-bar-button';
import { onIntent, useIntent } from '@web/lib/load-on-intent';
import { useFriendsEnabled, usePendingCount } from '../api/friends';

export const friendsLabel = (pending: number) => (pending ? `Friends, ${pending} pending requests` : 'Friends');

export function FriendsTriggerContent({ pending }: { pending: number }) {
  return (
    <>
      <Users className="size-5" />
      {pending > 0 && (
        <span data-testid="friends-pending-badge" className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-hot px-1 text-[10px] font-bold text-white tabular-nums">
          {pending > PENDING_BADGE_CAP ? `${PENDING_BADGE_CAP}+` : pending}
        </span>
      )}
    </>
  );
}

// The popover (Radix, positioning, the friends panel and its hover cards) comes on the first sign of use.
const dropdown = onIntent(() => import('./FriendsDropdown'));

/** The top bar's friends button with its pending badge; FriendsDropdown takes its place once loaded. */
export function FriendsButton() {
  const enabled = useFriendsEnabled();
  const count = usePendingCount(enabled);
  const { value, handlers, handoff } = useIntent(dropdown);
  if (!enabled) return null;
  if (value) return <value.default handoff={handoff} />;
  const pending = count.data ?? 0;
  return (
    <button {...CLOSED_POPOVER_TRIGGER} className={TOP_BAR_ICON_BUTTON} aria-label={friendsLabel(pending)} {...handlers}>
      <FriendsTriggerContent pending={pending} />
    </button>
  );
}
