import { describe, expect, it } from 'vitest';
import {
  BRACKET_LAYOUT,
  TOURNAMENT_SIZES,
  accuracyPercent,
  bracketPosition,
  bracketSize,
  isCompleted,
  isPickable,
  matchCountLabel,
  matchesInRound,
  nextMatchOf,
  projectBracket,
  prunePicks,
  roundTitle,
  roundsOf,
  roundsOfMatches,
  sameSlotName,
  scorePicks,
  tournamentProgress,
  tournamentWinner,
  type BracketMatch,
} from './tournaments';

/** A generated bracket of `size` seats named S1…Sn: round 1 filled in seeding order, later rounds TBD. Ids are 100 + match number. */
function bracket(size: number): BracketMatch[] {
  const matches: BracketMatch[] = [];
  let number = 1;
  for (let round = 1; round <= roundsOf(size); round++) {
    for (let index = 0; index < matchesInRound(size, round); index++, number++) {
      const first = round === 1 ? `S${index * 2 + 1}` : null;
      matches.push({ id: 100 + number, round, match_number: number, slot1_name: first, slot2_name: round === 1 ? `S${index * 2 + 2}` : null, winner_name: null });
    }
  }
  // Shuffled: the rules sort by round and number themselves.
  return matches.reverse();
}
const byNumber = (matches: BracketMatch[], number: number) => matches.find((match) => match.match_number === number)!;
const picksOf = (entries: Record<number, string>) => new Map(Object.entries(entries).map(([number, name]) => [100 + Number(number), name]));
const slots = (rounds: BracketMatch[][]) => rounds.map((round) => round.map((match) => [match.slot1_name, match.slot2_name]));

describe('bracket shape', () => {
  it('has log2(size) rounds, halving each round, the last called Final', () => {
    expect(TOURNAMENT_SIZES.map(roundsOf)).toEqual([2, 3, 4, 5]);
    expect([1, 2, 3, 4, 5].map((round) => matchesInRound(32, round))).toEqual([16, 8, 4, 2, 1]);
    expect([1, 2, 3].map((round) => roundTitle(round, 3))).toEqual(['Round 1', 'Round 2', 'Final']);
    expect([matchCountLabel(1), matchCountLabel(2)]).toEqual(['1 match', '2 matches']);
    for (const size of TOURNAMENT_SIZES) {
      const rounds = roundsOfMatches(bracket(size));
      expect(rounds.map((round) => round.length)).toEqual(Array.from({ length: roundsOf(size) }, (_, r) => size / 2 ** (r + 1)));
      expect(rounds.flat().map((match) => match.match_number)).toEqual(Array.from({ length: size - 1 }, (_, i) => i + 1));
    }
  });

  it('sends the winner of match i to match floor(i/2) of the next round, slot 1 when i is even', () => {
    expect([0, 1, 2, 3, 6, 7].map(nextMatchOf)).toEqual([
      { index: 0, slot: 'slot1_name' },
      { index: 0, slot: 'slot2_name' },
      { index: 1, slot: 'slot1_name' },
      { index: 1, slot: 'slot2_name' },
      { index: 3, slot: 'slot1_name' },
      { index: 3, slot: 'slot2_name' },
    ]);
  });
});

describe('bracket layout (spec 2 §9)', () => {
  const { cardWidth, cardHeight, columnGap, baseGap } = BRACKET_LAYOUT;

  it('uses cards of 280 x 200, columns 120 apart and round-1 cards 60 apart', () => {
    expect(BRACKET_LAYOUT).toEqual({ cardWidth: 280, cardHeight: 200, columnGap: 120, baseGap: 60 });
    expect([0, 1, 2].map((index) => bracketPosition(1, index))).toEqual([
      { left: 0, top: 0 },
      { left: 0, top: 260 },
      { left: 0, top: 520 },
    ]);
    expect(bracketPosition(3, 0).left).toBe(800);
  });

  for (const size of TOURNAMENT_SIZES) {
    it(`places every card of a ${size} slot bracket between the two that feed it, inside the drawing`, () => {
      const rounds = roundsOf(size);
      const { width, height } = bracketSize(size);
      expect(width).toBe(rounds * cardWidth + (rounds - 1) * columnGap);
      expect(height).toBe((size / 2) * cardHeight + (size / 2 - 1) * baseGap);
      const centre = (round: number, index: number) => bracketPosition(round, index).top + cardHeight / 2;
      for (let round = 1; round <= rounds; round++) {
        for (let index = 0; index < matchesInRound(size, round); index++) {
          const { left, top } = bracketPosition(round, index);
          expect(left).toBe((round - 1) * (cardWidth + columnGap));
          expect(top).toBeGreaterThanOrEqual(0);
          expect(top + cardHeight).toBeLessThanOrEqual(height);
          if (round > 1) expect(centre(round, index)).toBe((centre(round - 1, index * 2) + centre(round - 1, index * 2 + 1)) / 2);
          // The gap below a card doubles (plus a card) each round: base 60, then 60 + 260, ...
          if (index > 0) expect(top - bracketPosition(round, index - 1).top - cardHeight).toBe((cardHeight + baseGap) * 2 ** (round - 1) - cardHeight);
        }
      }
      expect(bracketPosition(1, size / 2 - 1).top + cardHeight).toBe(height);
      expect(bracketPosition(rounds, 0).left + cardWidth).toBe(width);
    });
  }
});

describe('projectBracket (spec 2 §4)', () => {
  it('fills the next round once every match of a round has a pick, paired in order', () => {
    const matches = bracket(8);
    const partial = projectBracket(matches, picksOf({ 1: 'S1', 2: 'S4', 3: 'S5' }));
    expect(slots(partial).slice(1)).toEqual([
      [
        [null, null],
        [null, null],
      ],
      [[null, null]],
    ]);
    const round1 = projectBracket(matches, picksOf({ 1: 'S1', 2: 'S4', 3: 'S5', 4: 'S8' }));
    expect(slots(round1)).toEqual([
      [
        ['S1', 'S2'],
        ['S3', 'S4'],
        ['S5', 'S6'],
        ['S7', 'S8'],
      ],
      [
        ['S1', 'S4'],
        ['S5', 'S8'],
      ],
      [[null, null]],
    ]);
    const round2 = projectBracket(matches, picksOf({ 1: 'S1', 2: 'S4', 3: 'S5', 4: 'S8', 5: 'S4', 6: 'S5' }));
    expect(slots(round2)[2]).toEqual([['S4', 'S5']]);
    // The member's matches are not changed.
    expect(byNumber(matches, 5).slot1_name).toBeNull();
  });

  it('counts results as picks and keeps names staff already advanced', () => {
    const matches = bracket(4).map((match) => {
      if (match.match_number === 1) return { ...match, winner_name: 'S2' };
      if (match.match_number === 3) return { ...match, slot1_name: 'S2' };
      return match;
    });
    expect(slots(projectBracket(matches, new Map()))[1]).toEqual([['S2', null]]);
    expect(slots(projectBracket(matches, picksOf({ 1: 'S1', 2: 'S3' })))[1]).toEqual([['S2', 'S3']]);
  });

  it('a match is pickable with both slots filled and no winner', () => {
    expect(isPickable({ id: 1, round: 1, match_number: 1, slot1_name: 'A', slot2_name: 'B', winner_name: null })).toBe(true);
    expect(isPickable({ id: 1, round: 1, match_number: 1, slot1_name: 'A', slot2_name: 'B', winner_name: 'A' })).toBe(false);
    expect(isPickable({ id: 1, round: 2, match_number: 3, slot1_name: 'A', slot2_name: null, winner_name: null })).toBe(false);
  });
});

describe('prunePicks', () => {
  it('keeps picks that fit, drops a later pick when an earlier one changes, and the picks that stood on it', () => {
    const matches = bracket(8);
    const full = { 1: 'S1', 2: 'S4', 3: 'S5', 4: 'S8', 5: 'S4', 6: 'S8', 7: 'S4' };
    expect(prunePicks(matches, picksOf(full))).toEqual(picksOf(full));
    // S4 no longer wins Match 2: it cannot be in Match 5, nor then in the final.
    expect(prunePicks(matches, picksOf({ ...full, 2: 'S3' }))).toEqual(picksOf({ 1: 'S1', 2: 'S3', 3: 'S5', 4: 'S8', 6: 'S8' }));
    // A change that keeps the name in play keeps the picks after it.
    expect(prunePicks(matches, picksOf({ ...full, 1: 'S2' }))).toEqual(picksOf({ ...full, 1: 'S2' }));
  });

  it('drops picks on matches whose slots are not filled yet, names that do not play there and unknown matches', () => {
    const matches = bracket(4);
    expect(prunePicks(matches, picksOf({ 1: 'S1', 3: 'S1' }))).toEqual(picksOf({ 1: 'S1' }));
    expect(prunePicks(matches, picksOf({ 1: 'S3', 2: 'S3' }))).toEqual(picksOf({ 2: 'S3' }));
    expect(prunePicks(matches, new Map([[999, 'S1']]))).toEqual(new Map());
  });

  it('keeps a pick on a decided match as it is (locked), right or wrong', () => {
    const matches = bracket(4).map((match) => (match.match_number === 1 ? { ...match, winner_name: 'S2' } : match.match_number === 3 ? { ...match, slot1_name: 'S2' } : match));
    expect(prunePicks(matches, picksOf({ 1: 'S1', 2: 'S3', 3: 'S3' }))).toEqual(picksOf({ 1: 'S1', 2: 'S3', 3: 'S3' }));
    expect(prunePicks(matches, picksOf({ 1: 'S1', 2: 'S3', 3: 'S1' }))).toEqual(picksOf({ 1: 'S1', 2: 'S3' }));
  });
});

describe('scoring and progress', () => {
  const decide = (matches: BracketMatch[], winners: Record<number, string>) =>
    matches.map((match) => (winners[match.match_number] ? { ...match, winner_name: winners[match.match_number] } : match));

  it('scores correct picks of decided ones, accuracy in percent with one decimal', () => {
    const matches = decide(bracket(8), { 1: 'S1', 2: 'S3', 3: 'S6' });
    expect(scorePicks(matches, picksOf({ 1: 'S1', 2: 'S4', 3: 'S6', 4: 'S7', 5: 'S1' }))).toEqual({ correct: 2, decided: 3, picks: 5, accuracy: 66.7 });
    expect(scorePicks(matches, picksOf({ 4: 'S7' }))).toEqual({ correct: 0, decided: 0, picks: 1, accuracy: 0 });
    expect(scorePicks(matches, new Map())).toEqual({ correct: 0, decided: 0, picks: 0, accuracy: 0 });
    expect([accuracyPercent(1, 3), accuracyPercent(2, 3), accuracyPercent(1, 8), accuracyPercent(7, 7), accuracyPercent(0, 5)]).toEqual([33.3, 66.7, 12.5, 100, 0]);
  });

  it('progress is the whole percentage of decided matches; the winner is the final’s; completed is inactive at 100 %', () => {
    const matches = bracket(8);
    expect(tournamentProgress([])).toBe(0);
    expect(tournamentProgress(matches)).toBe(0);
    expect(tournamentProgress(decide(matches, { 1: 'S1' }))).toBe(14);
    expect(tournamentProgress(decide(matches, { 1: 'S1', 2: 'S3', 3: 'S5', 4: 'S7', 5: 'S1', 6: 'S5' }))).toBe(86);
    const done = decide(matches, { 1: 'S1', 2: 'S3', 3: 'S5', 4: 'S7', 5: 'S1', 6: 'S5', 7: 'S5' });
    expect(tournamentProgress(done)).toBe(100);
    expect(tournamentWinner(matches)).toBeNull();
    expect(tournamentWinner(done)).toBe('S5');
    expect(tournamentWinner([])).toBeNull();
    expect(isCompleted({ is_active: false, progress: 100 })).toBe(true);
    expect(isCompleted({ is_active: true, progress: 100 })).toBe(false);
    expect(isCompleted({ is_active: false, progress: 86 })).toBe(false);
  });

  it('compares slot names without case or surrounding spaces', () => {
    expect(sameSlotName('  Sweet Bonanza ', 'sweet bonanza')).toBe(true);
    expect(sameSlotName('Sweet Bonanza', 'Sweet Bonanza 1000')).toBe(false);
  });
});
