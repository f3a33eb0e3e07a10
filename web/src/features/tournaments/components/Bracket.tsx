import type { TournamentMatch } from '@common/contracts/tournaments';
import { BRACKET_LAYOUT, bracketPosition, bracketSize, matchCountLabel, nextMatchOf, roundTitle, type Picks } from '@common/tournaments';
import { MoveHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MatchCard, type PickControl } from './MatchCard';

/** Whether the element's content is wider than the element (the bracket then scrolls sideways). */
function useOverflowing<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setOverflowing(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, overflowing] as const;
}

/** Thin lines from each card to the one its winner plays next. */
function Connectors({ rounds, width, height }: { rounds: TournamentMatch[][]; width: number; height: number }) {
  const { cardWidth, cardHeight, columnGap } = BRACKET_LAYOUT;
  const paths = rounds.slice(0, -1).flatMap((round, r) =>
    round.map((match, index) => {
      const from = bracketPosition(r + 1, index);
      const to = bracketPosition(r + 2, nextMatchOf(index).index);
      const x1 = from.left + cardWidth;
      const y1 = from.top + cardHeight / 2;
      const y2 = to.top + cardHeight / 2;
      const middle = x1 + columnGap / 2;
      return { key: match.id, d: `M${x1} ${y1}H${middle}V${y2}H${to.left}`, decided: match.winner_name !== null };
    }),
  );
  return (
    <svg className="pointer-events-none absolute inset-0" width={width} height={height} aria-hidden>
      {paths.map((path) => (
        <path key={path.key} d={path.d} fill="none" strokeWidth={2} className={path.decided ? 'stroke-accent/70' : 'stroke-line-strong'} />
      ))}
    </svg>
  );
}

/**
 * Spec 2 §2 and §9: rounds in columns titled 'Round {n}' / 'Final' with their match count, cards of 280 x 200 placed
 * by bracketPosition (each later card between the two that feed it), the whole drawing scrolling sideways.
 * `ownPicks` puts a trophy on the matches the member picked; `pickOf` turns the cards' slots into pick buttons.
 */
export function Bracket({ size, rounds, label, ownPicks, pickOf }: {
  size: number;
  rounds: TournamentMatch[][];
  label: string;
  ownPicks?: Picks;
  pickOf?(match: TournamentMatch): PickControl | undefined;
}) {
  const { width, height } = bracketSize(size);
  const [ref, overflowing] = useOverflowing<HTMLDivElement>();
  return (
    <div>
      {overflowing && (
        <p className="mb-2 flex items-center justify-end gap-1.5 text-xs text-muted" data-testid="scroll-hint">
          <MoveHorizontal className="size-4" aria-hidden /> Scroll sideways to follow the bracket to the Final
        </p>
      )}
      <div ref={ref} role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-line bg-bg/50 p-4 focus-visible:outline-2 focus-visible:outline-accent sm:p-6" data-testid="bracket">
        <div className="relative mb-4 h-12" style={{ width }}>
          {rounds.map((round, index) => (
            <div key={index} className="absolute top-0 text-center" style={{ left: bracketPosition(index + 1, 0).left, width: BRACKET_LAYOUT.cardWidth }} data-testid="bracket-round">
              <h3 className="text-base font-bold text-ink">{roundTitle(index + 1, rounds.length)}</h3>
              <p className="text-xs text-muted tabular-nums">{matchCountLabel(round.length)}</p>
            </div>
          ))}
        </div>
        <div className="relative" style={{ width, height }}>
          <Connectors rounds={rounds} width={width} height={height} />
          {rounds.map((round, r) =>
            round.map((match, index) => {
              const { left, top } = bracketPosition(r + 1, index);
              return <MatchCard key={match.id} match={match} style={{ left, top }} ownPick={ownPicks?.get(match.id)} pick={pickOf?.(match)} />;
            }),
          )}
        </div>
      </div>
    </div>
  );
}
