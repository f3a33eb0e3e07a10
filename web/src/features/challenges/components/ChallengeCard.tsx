import { countOf } from '@common/format';
import type { Challenge } from '@common/contracts/challenges';
import { challengeDisplay } from '@common/challenges';
import { displayName } from '@common/display-name';
import { Hourglass, Trophy, Users } from 'lucide-react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { SlotImage } from '@web/components/ui/slot-image';
import { ChallengeFigures, ChallengeStatusBadge, ClaimStatusBadge, OWN_CLAIM_TEXT, useTimeLeft } from './challenge-display';

export const claimsCount = (count: number) => countOf(count, 'claim');

function Countdown({ challenge }: { challenge: Challenge }) {
  const { text } = useTimeLeft(challenge.end_date);
  // A switched-off challenge is over whatever its end date says (spec 1 §4 'otherwise Expired').
  const shown = challengeDisplay(challenge) === 'expired' ? 'Expired' : text;
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums" data-testid="challenge-countdown">
      <Hourglass className="size-4 shrink-0" aria-hidden />
      <span className="sr-only">Time left: </span>
      {shown}
    </span>
  );
}

/** Spec 1 /challenges: one challenge of a tab; the whole card opens its details. */
export function ChallengeCard({ challenge, onOpen }: { challenge: Challenge; onOpen(): void }) {
  const display = challengeDisplay(challenge);
  return (
    <Card
      className={cn(
        'relative flex flex-col overflow-hidden has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-accent',
        display === 'expired' && 'opacity-80',
      )}
      data-testid="challenge-card"
    >
      <div className="relative">
        <SlotImage image={challenge.slot_image} className="aspect-[16/9] h-auto w-full rounded-none border-0 border-b" large whole />
        <ChallengeStatusBadge challenge={challenge} onImage className="absolute top-3 left-3 max-w-[calc(100%-1.5rem)]" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-2 text-lg font-bold break-words text-ink">
          {/* The button covers the card (one tab stop, the slot as its name). */}
          <button type="button" onClick={onOpen} className="text-left after:absolute after:inset-0 after:rounded-xl hover:text-accent focus-visible:outline-none">
            {challenge.slot_name}
          </button>
        </h3>
        <ChallengeFigures challenge={challenge} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-muted">
          {display === 'claimed' && challenge.claimer ? (
            <span className="inline-flex min-w-0 items-center gap-1.5" data-testid="challenge-claimer">
              <Trophy className="size-4 shrink-0 text-gold" aria-hidden /> <span className="truncate">Claimed by {displayName(challenge.claimer)}</span>
            </span>
          ) : (
            <Countdown challenge={challenge} />
          )}
          <span className="inline-flex items-center gap-1.5 tabular-nums" data-testid="challenge-claims-count">
            <Users className="size-4" aria-hidden /> {claimsCount(challenge.claims_count)}
          </span>
        </div>
        {challenge.own_claim_status && (
          <p className="flex items-center justify-between gap-2 rounded-lg border border-line bg-surface-2/60 px-3 py-2 text-xs font-medium text-ink-2" data-testid="own-claim">
            {OWN_CLAIM_TEXT[challenge.own_claim_status]}
            <ClaimStatusBadge status={challenge.own_claim_status} />
          </p>
        )}
      </div>
    </Card>
  );
}
