import type { AdminPlatform } from '@common/contracts/leaderboards';
import type { AdminVipTier } from '@common/contracts/vip';
import { countOf } from '@common/format';
import { EyeOff } from 'lucide-react';
import { EditDeleteButtons } from '@web/components/ui/row-actions';
import { TierImage } from '../components/TierCard';
import { dayText } from '../components/reward';
import { adminRewardText, wageredText } from './amounts';

/** One tier of a platform: picture, reward, wager needed (in the platform's currency or XP), date filter, claims; Edit / Delete for admins. */
export function TierRow({ tier, platform, onEdit, onDelete }: { tier: AdminVipTier; platform: AdminPlatform; onEdit?(): void; onDelete?(): void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="admin-vip-tier">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <TierImage image={tier.image} className="size-12 shrink-0 rounded-xl sm:size-14" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            {tier.name}
            {!tier.is_active && (
              <span className="inline-flex items-center gap-1 rounded-full bg-surface-3 px-2 py-0.5 text-[11px] font-medium text-muted">
                <EyeOff className="size-3" aria-hidden /> Hidden
              </span>
            )}
          </p>
          {tier.description && <p className="truncate text-sm text-muted">{tier.description}</p>}
          <p className="mt-1 text-sm text-ink-2">
            <span className="font-semibold text-gold">{adminRewardText(tier)}</span> · needs {wageredText(tier.min_wagered, platform)} wagered
          </p>
          <p className="text-xs text-muted">
            {tier.count_wager_after_date ? <>Counts wagers from {dayText(tier.count_wager_after_date)}</> : 'Counts all-time wagers'} · {countOf(tier.claims_count, 'claim')}
          </p>
        </div>
      </div>
      {onEdit && onDelete && <EditDeleteButtons name={tier.name} onEdit={onEdit} onDelete={onDelete} />}
    </li>
  );
}
