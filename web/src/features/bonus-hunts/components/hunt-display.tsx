import type { HuntMember } from '@common/contracts/bonus-hunts';
import { multiplierTier, type MultiplierTier } from '@common/bonus-hunts';
import { displayName } from '@common/display-name';
import { formatMultiplier } from '@common/format';
import { Link } from 'react-router';
import { UserHoverCard } from '@web/components/member/UserHoverCard';
import { Avatar } from '@web/components/ui/avatar';
import { cn } from '@web/components/ui/cn';

/** The spec's multiplier tiers in the overlay's colours (spec 2 §4): grey, blue, green from 10x, orange from 50x, gold from 100x. */
const TIER_TEXT: Record<MultiplierTier, string> = {
  none: 'text-muted',
  low: 'text-sky-300',
  good: 'text-emerald-400',
  great: 'text-orange-400',
  huge: 'text-gold',
};
const TIER_CHIP: Record<MultiplierTier, string> = {
  none: 'border-line bg-surface-3/60',
  low: 'border-sky-400/30 bg-sky-400/10',
  good: 'border-emerald-400/35 bg-emerald-400/10',
  great: 'border-orange-400/40 bg-orange-400/10',
  huge: 'border-gold/50 bg-gold/15 shadow-[0_0_18px_-6px_rgb(251_191_36/0.7)]',
};

/** 12.34x in its tier's colour; `chip` puts it on a tinted pill. */
export function Multiplier({ value, chip = false, className }: { value: number; chip?: boolean; className?: string }) {
  const tier = multiplierTier(value);
  return (
    <span
      data-tier={tier}
      className={cn('font-bold tabular-nums', TIER_TEXT[tier], chip && 'inline-flex rounded-full border px-2 py-0.5 text-xs', chip && TIER_CHIP[tier], className)}
    >
      {formatMultiplier(value)}
    </span>
  );
}

/** A member on a hunt (assigned to a slot, or predicting): avatar and name, linking to their profile with the hover card. */
export function HuntMemberName({ member, size = 'xs', className }: { member: HuntMember; size?: 'xs' | 'sm'; className?: string }) {
  const name = displayName(member);
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2', className)}>
      <Avatar src={member.avatar_url} name={name} size={size} />
      <UserHoverCard username={member.username}>
        <Link to={`/profile/${encodeURIComponent(member.username)}`} className="truncate font-medium text-ink hover:text-accent">
          {name}
        </Link>
      </UserHoverCard>
    </span>
  );
}
