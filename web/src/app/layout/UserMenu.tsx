import { displayName } from '@common/display-name';
import { formatPoints } from '@common/format';
import { ChevronDown } from 'lucide-react';
import { Avatar } from '@web/components/ui/avatar';
import { useAuth } from '@web/lib/auth';
import { onIntent, useIntent } from '@web/lib/load-on-intent';

export const USER_MENU_BUTTON = 'flex items-center gap-2 rounded-full border border-line bg-surface-2 py-1 pr-3 pl-1 text-sm transition hover:border-line-strong data-[state=open]:border-accent';

export function UserMenuLabel() {
  const { user } = useAuth();
  if (!user) return null;
  const name = displayName(user);
  return (
    <>
      <Avatar src={user.avatar} name={name} size="sm" />
      <span className="hidden flex-col items-start leading-tight xl:flex">
        <span className="max-w-28 truncate font-semibold text-ink">{name}</span>
        <span className="text-xs text-muted tabular-nums">{formatPoints(user.points)} pts</span>
      </span>
      <ChevronDown className="size-4 text-muted" aria-hidden />
    </>
  );
}

// The Radix menu and its positioning code are not needed to paint the top bar: they come on first use.
const menu = onIntent(() => import('./UserMenuDropdown'));

export function UserMenu() {
  const { user } = useAuth();
  const { value, handlers, handoff } = useIntent(menu, { keys: ['Enter', ' ', 'ArrowDown'], opensOn: 'pointerdown' });
  if (!user) return null;
  if (value) return <value.default handoff={handoff} />;
  return (
    <button type="button" aria-haspopup="menu" aria-expanded={false} data-state="closed" className={USER_MENU_BUTTON} aria-label="Account menu" {...handlers}>
      <UserMenuLabel />
    </button>
  );
}
