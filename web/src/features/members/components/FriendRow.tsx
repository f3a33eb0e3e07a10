import { displayName } from '@common/display-name';
import { formatPoints } from '@common/format';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserHoverCard } from '@web/components/member/UserHoverCard';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/components/ui/cn';

interface RowMember {
  username: string;
  kick_username: string | null;
  global_name: string | null;
  avatar_url: string;
  points?: number;
}

/** One member in the friends dropdown or a friends list: avatar, name (with hover card), a detail line and actions. */
export function FriendRow({ member, detail, online, actions, onNavigate }: { member: RowMember; detail?: ReactNode; online?: boolean; actions?: ReactNode; onNavigate?(): void }) {
  const name = displayName(member);
  return (
    <li className="flex items-center gap-3 px-4 py-2.5" data-testid="friend-row">
      <span className="relative">
        <Avatar src={member.avatar_url} name={name} size="sm" />
        {online !== undefined && (
          <span
            className={cn('absolute -right-0.5 -bottom-0.5 size-3 rounded-full ring-2 ring-surface', online ? 'bg-success' : 'bg-slate-500')}
            aria-label={online ? 'Online' : 'Offline'}
            title={online ? 'Online' : 'Offline'}
          />
        )}
      </span>
      <span className="min-w-0 flex-1">
        <UserHoverCard username={member.username}>
          <Link to={`/profile/${encodeURIComponent(member.username)}`} onClick={onNavigate} className="block truncate text-sm font-medium text-ink hover:text-accent">
            {name}
          </Link>
        </UserHoverCard>
        <span className="block truncate text-xs text-muted tabular-nums">{detail ?? `${formatPoints(member.points)} points`}</span>
      </span>
      {actions && <span className="flex shrink-0 items-center gap-1.5">{actions}</span>}
    </li>
  );
}
