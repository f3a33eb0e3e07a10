import type { AdminPlatform } from '@common/contracts/leaderboards';
import type { AdminVipClaim } from '@common/contracts/vip';
import { formatLocalDateTime, timeAgo } from '@common/format';
import { Check, X } from 'lucide-react';
import { OwnRecordGuard } from '@web/components/admin/OwnRecordNote';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { adminRewardText, wageredText } from './amounts';

const TONES: Record<AdminVipClaim['status'], string> = {
  pending: 'bg-warning/15 text-warning',
  processed: 'bg-success/15 text-success',
  rejected: 'bg-danger/15 text-danger',
};

/** 'just now', '5m ago': a time inside a sentence. */
const ago = (iso: string) => timeAgo(iso).replace(/^Just/, 'just');

/** How a decided claim was decided: by whom, or credited at once (points). */
function outcome(claim: AdminVipClaim) {
  if (claim.status === 'processed' && claim.processed_by === null && claim.reward_type === 'points') return 'Credited automatically';
  const verb = claim.status === 'rejected' ? 'Rejected' : 'Processed';
  return claim.processed_by ? `${verb} by ${claim.processed_by.username}` : verb;
}

/** One claim of the queue; `onProcess` / `onReject` only for a pending claim the viewer may decide. */
export function ClaimRow({ claim, platform, onProcess, onReject }: { claim: AdminVipClaim; platform: AdminPlatform | undefined; onProcess?(): void; onReject?(): void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="vip-claim-row">
      <div className="flex min-w-0 flex-1 gap-3">
        <Avatar src={claim.user.avatar} name={claim.user.display_name} size="md" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold text-ink">
            {claim.tier.name} · <span className="text-gold">{adminRewardText(claim)}</span>
          </p>
          <p className="text-muted">
            <span className="text-ink-2">{claim.user.display_name}</span> (@{claim.user.username}) · {claim.platform.name} account{' '}
            <span className="font-medium text-ink-2">{claim.casino_username}</span>
          </p>
          <p className="text-muted">
            Wagered {wageredText(claim.wagered_amount_at_claim, platform)} at claim ·{' '}
            <time dateTime={claim.created_at} title={formatLocalDateTime(new Date(claim.created_at))}>
              claimed {ago(claim.created_at)}
            </time>
          </p>
          {claim.processed_at && (
            <p className="text-xs text-muted">
              {outcome(claim)} <time dateTime={claim.processed_at}>{ago(claim.processed_at)}</time>
              {claim.reject_reason && <>: “{claim.reject_reason}”</>}
            </p>
          )}
        </div>
      </div>
      <span className={cn('inline-flex h-6 items-center self-start rounded-full px-2.5 text-xs font-semibold capitalize sm:self-center', TONES[claim.status])}>{claim.status}</span>
      {claim.status === 'pending' && onProcess && onReject && (
        <OwnRecordGuard ownerId={claim.user.id} what="claim">
          <div className="flex gap-2">
            <Button size="sm" onClick={onProcess}>
              <Check className="size-4" aria-hidden /> Mark processed
            </Button>
            <Button size="sm" variant="secondary" onClick={onReject}>
              <X className="size-4" aria-hidden /> Reject
            </Button>
          </div>
        </OwnRecordGuard>
      )}
    </li>
  );
}
