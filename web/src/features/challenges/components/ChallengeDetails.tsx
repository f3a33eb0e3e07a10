import type { ChallengeClaim, ChallengeDetail } from '@common/contracts/challenges';
import { CHALLENGE_TEXTS, canSubmitClaim, challengeDisplay } from '@common/challenges';
import { timeAgo } from '@common/format';
import { CalendarClock, CalendarX2, Clock, MessageSquareText, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Modal } from '@web/components/ui/modal';
import { Skeleton } from '@web/components/ui/skeleton';
import { SlotImage } from '@web/components/ui/slot-image';
import { useToast } from '@web/lib/toast';
import { useChallenge } from '../api/challenges';
import { claimsCount } from './ChallengeCard';
import { ClaimModal } from './ClaimModal';
import { ChallengeFigures, ChallengeStatusBadge, ClaimStatusBadge, MemberChip, OWN_CLAIM_TEXT, formatWhen, useTimeLeft } from './challenge-display';

function ClaimRow({ claim }: { claim: ChallengeClaim }) {
  return (
    <li className="flex flex-col gap-1.5 px-3 py-3" data-testid="challenge-claim">
      <div className="flex items-center justify-between gap-3">
        <MemberChip member={claim.user} className="text-sm" />
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="text-sm break-words whitespace-pre-line text-ink-2">{claim.description}</p>
      <time dateTime={claim.created_at} title={formatWhen(claim.created_at)} className="text-xs text-muted">
        {timeAgo(claim.created_at)}
      </time>
    </li>
  );
}

/** Submit Claim while the challenge takes claims and the member has none waiting; otherwise why not. */
function ClaimAction({ challenge, onClaim }: { challenge: ChallengeDetail; onClaim(): void }) {
  const { seconds } = useTimeLeft(challenge.end_date);
  if (challenge.own_claim_status === 'pending') {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm font-semibold text-amber-300" data-testid="claim-pending">
        <Clock className="size-4" aria-hidden /> {OWN_CLAIM_TEXT.pending}
      </p>
    );
  }
  // The page's clock may pass the end while the dialog is open; the server would refuse the claim by then.
  if (!canSubmitClaim(challenge) || seconds <= 0) return null;
  return (
    <Button onClick={onClaim} className="w-full sm:w-auto">
      <Send className="size-4" aria-hidden /> Submit Claim
    </Button>
  );
}

function Details({ challenge }: { challenge: ChallengeDetail }) {
  const { text } = useTimeLeft(challenge.end_date);
  const display = challengeDisplay(challenge);
  const [claiming, setClaiming] = useState(false);
  const dates: [typeof CalendarClock, string, string][] = [
    [CalendarClock, 'Starts', challenge.start_date],
    [CalendarX2, 'Ends', challenge.end_date],
  ];
  return (
    <div className="space-y-5" data-testid="challenge-details">
      <div className="flex items-center gap-4">
        <SlotImage image={challenge.slot_image} className="size-16 sm:size-20" large />
        <div className="min-w-0 flex-1 space-y-1.5">
          <h3 className="text-xl font-bold break-words text-ink">{challenge.slot_name}</h3>
          <ChallengeStatusBadge challenge={challenge} />
        </div>
      </div>
      <ChallengeFigures challenge={challenge} />
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        {dates.map(([Icon, label, iso]) => (
          <div key={label} className="flex items-center gap-2 sm:block">
            <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted uppercase">
              <Icon className="size-3.5" aria-hidden /> {label}
            </dt>
            <dd className="font-medium text-ink tabular-nums" data-testid={`challenge-${label.toLowerCase()}`}>
              <time dateTime={iso}>{formatWhen(iso)}</time>
            </dd>
          </div>
        ))}
        <div className="flex items-center gap-2 sm:block">
          <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted uppercase">
            <Clock className="size-3.5" aria-hidden /> Time left
          </dt>
          <dd className="font-medium text-ink tabular-nums" data-testid="details-countdown">
            {display === 'active' ? text : display === 'claimed' ? 'Claimed' : 'Expired'}
          </dd>
        </div>
      </dl>
      {challenge.own_claim_status && challenge.own_claim_status !== 'pending' && (
        <p className="flex items-center justify-between gap-2 text-sm text-ink-2">
          {OWN_CLAIM_TEXT[challenge.own_claim_status]} <ClaimStatusBadge status={challenge.own_claim_status} />
        </p>
      )}
      <ClaimAction challenge={challenge} onClaim={() => setClaiming(true)} />
      <section aria-label="Claims">
        <h4 className="mb-2 flex items-center gap-2 font-semibold text-ink">
          <MessageSquareText className="size-4 text-accent" aria-hidden /> Claims
          <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs font-semibold text-ink-2 tabular-nums" data-testid="details-claims-count">
            {claimsCount(challenge.claims_count)}
          </span>
        </h4>
        {challenge.claims.length === 0 ? (
          <EmptyState icon={MessageSquareText} title="No claims yet" className="rounded-lg border border-line bg-bg/40 py-6">
            Nobody has claimed this challenge so far.
          </EmptyState>
        ) : (
          <ul className="max-h-72 divide-y divide-line/70 overflow-y-auto rounded-lg border border-line bg-bg/40" tabIndex={0} aria-label="Claims of this challenge">
            {challenge.claims.map((claim) => (
              <ClaimRow key={claim.id} claim={claim} />
            ))}
          </ul>
        )}
      </section>
      {claiming && <ClaimModal challenge={challenge} onClose={() => setClaiming(false)} />}
    </div>
  );
}

/** Spec 1 'Challenge Details': the challenge, its dates and its claims; a failed load says so and closes. */
export function ChallengeDetails({ id, onClose }: { id: number | null; onClose(): void }) {
  const toast = useToast();
  const challenge = useChallenge(id);
  // Not while asking again: a reopened challenge that failed before keeps its error until the new answer.
  const failed = challenge.isError && !challenge.data && !challenge.isFetching;
  useEffect(() => {
    if (!failed) return;
    toast.error(CHALLENGE_TEXTS.detailsFailed);
    onClose();
  }, [failed, toast, onClose]);

  return (
    <Modal open={id !== null && !failed} onOpenChange={(open) => !open && onClose()} title="Challenge Details" className="max-w-2xl">
      {challenge.data ? (
        <Details challenge={challenge.data} />
      ) : (
        <div className="space-y-4" aria-label="Loading challenge">
          <Skeleton className="h-20" />
          <Skeleton className="h-16" />
          <Skeleton className="h-40" />
        </div>
      )}
    </Modal>
  );
}
