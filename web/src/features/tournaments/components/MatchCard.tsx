import type { TournamentMatch } from '@common/contracts/tournaments';
import { multiplierTier } from '@common/bonus-hunts';
import { formatMultiplier } from '@common/format';
import { BRACKET_LAYOUT } from '@common/tournaments';
import { Check, Crown, Trophy } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '@web/components/ui/cn';
import { SlotImage } from '@web/components/ui/slot-image';
import { MemberChip } from './tournament-display';

/** The spec's multiplier tiers (below 10x, 10x, 50x, 100x+). */
const TIER_TEXT = { none: 'text-muted', low: 'text-sky-300', good: 'text-emerald-400', great: 'text-orange-400', huge: 'text-gold' } as const;

/** In pick mode: what the member picked here, and how to pick (absent on matches that cannot be picked). */
export interface PickControl {
  picked: string | undefined;
  onPick?(name: string): void;
}

type Side = 1 | 2;

function SlotRow({ match, side, pick }: { match: TournamentMatch; side: Side; pick?: PickControl }) {
  const name = side === 1 ? match.slot1_name : match.slot2_name;
  const user = side === 1 ? match.slot1_user : match.slot2_user;
  const image = side === 1 ? match.slot1_image : match.slot2_image;
  const multiplier = side === 1 ? match.slot1_multiplier : match.slot2_multiplier;
  const won = name !== null && match.winner_name === name;
  const lost = name !== null && match.winner_name !== null && !won;
  const picked = name !== null && pick?.picked === name;
  const onPick = name !== null ? pick?.onPick : undefined;

  const body = (
    <>
      <SlotImage image={name === null ? null : image} className="size-10" />
      <span className="min-w-0 flex-1 text-left">
        <span className="flex items-center gap-1.5">
          <span className={cn('min-w-0 flex-1 truncate text-sm font-semibold', name === null ? 'text-muted italic' : 'text-ink')} title={name ?? undefined} data-testid="slot-name">
            {name ?? 'TBD'}
          </span>
          {won && <Crown className="size-4 shrink-0 text-gold" aria-label="Winner" />}
          {picked && <Check className="size-4 shrink-0 text-success" aria-label="Your pick" />}
        </span>
        {name !== null && (user || multiplier !== null) && (
          <span className="mt-0.5 flex items-center gap-2 text-xs">
            {user ? <MemberChip member={user} className="min-w-0 flex-1 text-ink-2" /> : <span className="flex-1" />}
            {multiplier !== null && (
              <span className={cn('shrink-0 font-bold tabular-nums', TIER_TEXT[multiplierTier(multiplier)])} data-testid="slot-multiplier">
                {formatMultiplier(multiplier)}
              </span>
            )}
          </span>
        )}
      </span>
    </>
  );
  const tone = cn(
    'flex h-[3.75rem] w-full items-center gap-2.5 rounded-lg border px-2 transition',
    won ? 'border-gold/50 bg-gold/10' : 'border-line/80 bg-surface-2/60',
    lost && 'opacity-55',
    picked && 'border-success/70 bg-success/15 ring-1 ring-success/40',
  );
  if (onPick) {
    return (
      <button
        type="button"
        aria-pressed={picked}
        aria-label={`Pick ${name} to win Match ${match.match_number}`}
        onClick={() => onPick(name!)}
        className={cn(tone, 'cursor-pointer hover:border-accent hover:bg-accent/10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent')}
        data-testid="match-slot"
        data-picked={picked || undefined}
      >
        {body}
      </button>
    );
  }
  return (
    <div className={tone} data-testid="match-slot" data-winner={won || undefined} data-picked={picked || undefined}>
      {body}
    </div>
  );
}

/**
 * Spec 2 §2 match card, 280 x 200 at its place in the bracket: 'Match {n}', the two slots (or TBD) with their members
 * and multipliers, VS between them, the winner crowned; a trophy where the member has a pick (`ownPick`).
 */
export function MatchCard({ match, style, ownPick, pick }: { match: TournamentMatch; style: CSSProperties; ownPick?: string; pick?: PickControl }) {
  const { cardWidth, cardHeight } = BRACKET_LAYOUT;
  const pickedHere = pick?.picked !== undefined;
  return (
    <article
      aria-label={`Match ${match.match_number}`}
      data-testid="match-card"
      data-match={match.match_number}
      data-decided={match.winner_name !== null || undefined}
      className={cn(
        'absolute flex flex-col justify-between rounded-xl border bg-surface p-3 shadow-[inset_0_1px_0_rgb(255_255_255/0.03)]',
        pickedHere ? 'border-success/60' : match.winner_name !== null ? 'border-line-strong' : 'border-line',
      )}
      style={{ ...style, width: cardWidth, height: cardHeight }}
    >
      <header className="flex h-5 items-center justify-between text-xs">
        <span className="font-bold tracking-wider text-muted uppercase">Match {match.match_number}</span>
        {ownPick !== undefined && (
          <span className="inline-flex items-center gap-1 text-gold" title={`Your pick: ${ownPick}`} data-testid="own-pick">
            <Trophy className="size-4" aria-hidden />
            <span className="sr-only">Your pick: {ownPick}</span>
          </span>
        )}
      </header>
      <SlotRow match={match} side={1} pick={pick} />
      <div className="flex items-center gap-2">
        <span className="h-px flex-1 bg-line" />
        <span className="text-[10px] font-black tracking-widest text-accent" data-testid="versus">
          VS
        </span>
        <span className="h-px flex-1 bg-line" />
      </div>
      <SlotRow match={match} side={2} pick={pick} />
    </article>
  );
}
