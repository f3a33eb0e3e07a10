import type { Tournament, TournamentMember } from '@common/contracts/tournaments';
import { displayName } from '@common/display-name';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserHoverCard } from '@web/components/member/UserHoverCard';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/components/ui/cn';

function Badge({ className, children, testId }: { className: string; children: ReactNode; testId: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', className)} data-testid={testId}>
      {children}
    </span>
  );
}

/** Spec 2 §4 Tournament: Active or Inactive (Completed once inactive at 100 percent), and Predictions Open. */
export function StatusBadges({ tournament, className }: { tournament: Tournament; className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-1.5', className)}>
      {tournament.is_active ? (
        <Badge className="border-success/40 bg-success/10 text-emerald-300" testId="status-badge">
          <span className="size-1.5 animate-pulse rounded-full bg-success" aria-hidden /> Active
        </Badge>
      ) : tournament.is_completed ? (
        <Badge className="border-gold/40 bg-gold/10 text-yellow-200" testId="status-badge">
          Completed
        </Badge>
      ) : (
        <Badge className="border-line-strong bg-surface-3/70 text-ink-2" testId="status-badge">
          Inactive
        </Badge>
      )}
      {tournament.predictions_active && (
        <Badge className="border-accent/50 bg-accent/15 text-ink-2" testId="predictions-badge">
          Predictions Open
        </Badge>
      )}
    </div>
  );
}

/** Accuracy in percent as the server rounds it (one decimal): 50%, 66.7%. */
export const formatAccuracy = (accuracy: number) => `${Number.isInteger(accuracy) ? accuracy : accuracy.toFixed(1)}%`;

/** A member by avatar and name (platform username, else username); `link` leads to their profile with the hover card. */
export function MemberChip({ member, link = false, size = 'xs', className }: { member: TournamentMember; link?: boolean; size?: 'xs' | 'sm'; className?: string }) {
  const name = displayName(member);
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <Avatar src={member.avatar_url} name={name} size={size} />
      {link ? (
        <UserHoverCard username={member.username}>
          <Link to={`/profile/${encodeURIComponent(member.username)}`} className="truncate font-semibold text-ink hover:text-accent">
            {name}
          </Link>
        </UserHoverCard>
      ) : (
        <span className="truncate">{name}</span>
      )}
    </span>
  );
}
