import type { SignedInUser } from '@common/contracts/session';
import { displayName } from '@common/display-name';
import { formatPoints } from '@common/format';
import { Coins } from 'lucide-react';
import { Avatar } from '@web/components/ui/avatar';
import { RoleBadge } from '@web/components/ui/role-badge';

/** Avatar, name, points and role of the signed-in member (account menu and mobile menu). */
export function MemberSummary({ user, size = 'md' }: { user: SignedInUser; size?: 'md' | 'lg' }) {
  const name = displayName(user);
  return (
    <div className="flex items-center gap-3">
      <Avatar src={user.avatar} name={name} size={size} />
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink">{name}</p>
        <p className="flex items-center gap-1 text-sm text-ink-2 tabular-nums">
          <Coins className="size-4 text-gold" aria-hidden /> {formatPoints(user.points)} points
        </p>
        <RoleBadge role={user.role} className="mt-1" />
      </div>
    </div>
  );
}
