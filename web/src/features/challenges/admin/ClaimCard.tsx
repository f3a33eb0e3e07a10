import type { AdminClaim } from '@common/contracts/challenges-admin';
import { displayName } from '@common/display-name';
import { countOf } from '@common/format';
import { Check, ImageOff, X } from 'lucide-react';
import { Link } from 'react-router';
import { OwnRecordGuard } from '@web/components/admin/OwnRecordNote';
import { Button } from '@web/components/ui/button';
import { SlotImage } from '@web/components/ui/slot-image';
import { ChallengeFigures, ClaimStatusBadge, MemberChip, formatWhen } from '../components/challenge-display';
import type { ClaimDecision } from '../api/admin-challenges';

/**
 * The evidence at full size (up to the card's width and most of the screen's height), each a link to the original in
 * a new tab: a reviewer has to read the multiplier and the bet on a screenshot.
 */
function Evidence({ images, author }: { images: string[]; author: string }) {
  if (images.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <ImageOff className="size-4" aria-hidden /> No evidence images.
      </p>
    );
  }
  return (
    <div>
      <p className="mb-2 text-[11px] font-semibold tracking-wider text-muted uppercase">
        Evidence · {countOf(images.length, 'image')}
      </p>
      <ul className="flex flex-wrap items-start gap-3" aria-label="Evidence images">
        {images.map((path, index) => (
          <li key={path} className="max-w-full">
            <a
              href={`/storage/${path}`}
              target="_blank"
              rel="noopener noreferrer"
              className="block overflow-hidden rounded-lg border border-line bg-surface-3 transition hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
              aria-label={`Evidence ${index + 1} of ${images.length} from ${author}, opens the original in a new tab`}
            >
              <img src={`/storage/${path}`} alt={`Evidence ${index + 1} from ${author}`} className="block h-auto max-h-[80vh] w-auto max-w-full" data-testid="claim-evidence" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who reviewed a decided claim and when, with the notes the member reads. */
function Review({ claim }: { claim: AdminClaim }) {
  if (claim.status === 'pending') return null;
  return (
    <div className="rounded-lg border border-line bg-surface-2/60 px-3 py-2 text-sm" data-testid="claim-review">
      <p className="text-xs text-muted">
        {claim.status === 'approved' ? 'Approved' : 'Rejected'}
        {claim.reviewed_by && ` by ${displayName(claim.reviewed_by)}`}
        {claim.reviewed_at && <> · {formatWhen(claim.reviewed_at)}</>}
      </p>
      {claim.admin_notes ? <p className="mt-1 break-words whitespace-pre-wrap text-ink-2">{claim.admin_notes}</p> : <p className="mt-1 text-muted italic">No notes.</p>}
    </div>
  );
}

/** One claim of the queue: the member, the challenge, what they say, the evidence, and (pending, someone else's) Approve and Reject. */
export function ClaimCard({ claim, onDecide }: { claim: AdminClaim; onDecide(decision: ClaimDecision): void }) {
  const author = displayName(claim.user);
  const { challenge } = claim;
  return (
    <li className="space-y-4 p-4 sm:p-5" data-testid="admin-claim" aria-label={`Claim by ${author} on ${challenge.slot_name}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <MemberChip member={claim.user} />
        <span className="text-xs text-muted">@{claim.user.username}</span>
        <ClaimStatusBadge status={claim.status} />
        <time className="ml-auto text-xs text-muted tabular-nums" dateTime={claim.created_at}>
          Submitted {formatWhen(claim.created_at)}
        </time>
      </div>
      <div className="flex flex-col gap-3 rounded-xl border border-line bg-bg/40 p-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 items-center gap-3 sm:w-64">
          <SlotImage image={challenge.slot_image} className="size-12" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-ink">{challenge.slot_name}</p>
            <Link to={`/challenge-claims?challenge=${challenge.id}&status=all`} className="text-xs text-ink-2 hover:text-accent">
              {challenge.status === 'Claimed' ? 'Claimed · all its claims' : 'All its claims'}
            </Link>
          </div>
        </div>
        <ChallengeFigures challenge={challenge} className="min-w-0 flex-1" />
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-ink" data-testid="claim-description">
        {claim.description}
      </p>
      <Evidence images={claim.evidence_images} author={author} />
      <Review claim={claim} />
      {claim.status === 'pending' && (
        <OwnRecordGuard ownerId={claim.user.id} what="claim">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => onDecide('approve')}>
              <Check className="size-4" aria-hidden /> Approve
            </Button>
            <Button variant="secondary" onClick={() => onDecide('reject')}>
              <X className="size-4" aria-hidden /> Reject
            </Button>
          </div>
        </OwnRecordGuard>
      )}
    </li>
  );
}
