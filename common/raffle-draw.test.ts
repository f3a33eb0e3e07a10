import { describe, expect, it } from 'vitest';
import { drawPicks, entryListHash, entryListText, newSeed, seedCommitment, verifyDraw } from './raffle-draw';

// The README's test vector ("How a raffle draw can be verified"); a Python script there reproduces it.
const VECTOR = {
  seed: '9f2c4e8b1d7a6f3e0c5b8a2d4f6e1c3b7a9d0e2f4c6b8a1d3e5f7c9b0a2d4e6f',
  seedHash: '95e4afc6da0b69744b9f1ca3359fe396b19887fbec0f016e8cfc75c7d244e26d',
  raffleId: 42,
  entries: [
    { id: 1, user_id: 11 }, { id: 2, user_id: 12 }, { id: 3, user_id: 12 }, { id: 4, user_id: 13 }, { id: 5, user_id: 14 },
    { id: 6, user_id: 14 }, { id: 7, user_id: 14 }, { id: 8, user_id: 15 }, { id: 9, user_id: 11 }, { id: 10, user_id: 16 },
  ],
  entriesHash: '8ac3e38f018fa36edc04959d676f8be5225cf47424d0cf8a9123e800ad3243ac',
  picks: [
    { entry_id: 7, user_id: 14 },
    { entry_id: 1, user_id: 11 },
    { entry_id: 10, user_id: 16 },
    { entry_id: 2, user_id: 12 },
  ],
};

describe('the verifiable raffle draw', () => {
  it('reproduces the README test vector', async () => {
    expect(await seedCommitment(VECTOR.seed)).toBe(VECTOR.seedHash);
    expect(entryListText(VECTOR.entries.slice(0, 3))).toBe('1:11\n2:12\n3:12');
    expect(await entryListHash(VECTOR.entries)).toBe(VECTOR.entriesHash);
    expect(await drawPicks({ ...VECTOR, picks: 4 })).toEqual(VECTOR.picks);
  });

  it('hashes the entry list in entry id order, whatever order it arrives in', async () => {
    expect(await entryListHash([...VECTOR.entries].reverse())).toBe(VECTOR.entriesHash);
  });

  it('changes the entries hash when any entry changes, appears or disappears', async () => {
    const moved = VECTOR.entries.map((entry) => (entry.id === 5 ? { ...entry, user_id: 99 } : entry));
    expect(await entryListHash(moved)).not.toBe(VECTOR.entriesHash);
    expect(await entryListHash(VECTOR.entries.slice(1))).not.toBe(VECTOR.entriesHash);
    expect(await entryListHash([...VECTOR.entries, { id: 11, user_id: 11 }])).not.toBe(VECTOR.entriesHash);
  });

  it('lets a member win once, and stops when every member has won', async () => {
    const picks = await drawPicks({ ...VECTOR, picks: 50 });
    expect(picks).toHaveLength(6);
    expect(new Set(picks.map((pick) => pick.user_id)).size).toBe(6);
    expect(await drawPicks({ ...VECTOR, entries: [], picks: 3 })).toEqual([]);
  });

  it('makes the redraw the next pick of the same stream', async () => {
    const winners = await drawPicks({ ...VECTOR, picks: 2 });
    const withRedraw = await drawPicks({ ...VECTOR, picks: 3 });
    expect(withRedraw.slice(0, 2)).toEqual(winners);
  });

  it('depends on the seed, the raffle and the entry list', async () => {
    const base = await drawPicks({ ...VECTOR, picks: 6 });
    const others = await Promise.all([
      drawPicks({ ...VECTOR, seed: newSeed(), picks: 6 }),
      drawPicks({ ...VECTOR, raffleId: 43, picks: 6 }),
      drawPicks({ ...VECTOR, entriesHash: '0'.repeat(64), picks: 6 }),
    ]);
    for (const other of others) expect(other).not.toEqual(base);
  });

  it('gives each entry the same chance (no modulo bias): 3 entries over 3,000 seeds', async () => {
    const entries = [{ id: 1, user_id: 1 }, { id: 2, user_id: 2 }, { id: 3, user_id: 3 }];
    const wins = new Map<number, number>();
    for (let round = 0; round < 3000; round += 1) {
      const [pick] = await drawPicks({ seed: `seed-${round}`, raffleId: 1, entriesHash: 'h', entries, picks: 1 });
      wins.set(pick.user_id, (wins.get(pick.user_id) ?? 0) + 1);
    }
    // Expected 1,000 each; 5 standard deviations (about 130) of slack keeps this from flaking.
    for (const user of [1, 2, 3]) expect(Math.abs((wins.get(user) ?? 0) - 1000)).toBeLessThan(130);
  });

  it('weighs members by their entries', async () => {
    const entries = [{ id: 1, user_id: 1 }, { id: 2, user_id: 2 }, { id: 3, user_id: 2 }, { id: 4, user_id: 2 }];
    let heavy = 0;
    for (let round = 0; round < 2000; round += 1) {
      const [pick] = await drawPicks({ seed: `w-${round}`, raffleId: 7, entriesHash: 'h', entries, picks: 1 });
      if (pick.user_id === 2) heavy += 1;
    }
    expect(heavy / 2000).toBeGreaterThan(0.7);
    expect(heavy / 2000).toBeLessThan(0.8);
  });

  it('makes fresh 64-hex-character seeds', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
  });

  describe('verifyDraw', () => {
    const published = { seed: VECTOR.seed, seedHash: VECTOR.seedHash, raffleId: VECTOR.raffleId, entriesHash: VECTOR.entriesHash, entries: VECTOR.entries, picks: VECTOR.picks };

    it('confirms an honest draw', async () => {
      expect(await verifyDraw(published)).toMatchObject({ seedMatches: true, entriesMatch: true, picksMatch: true, verified: true });
    });

    it('catches a seed that is not the committed one', async () => {
      expect(await verifyDraw({ ...published, seed: newSeed() })).toMatchObject({ seedMatches: false, verified: false });
    });

    it('catches an entry list changed after it was frozen', async () => {
      const entries = VECTOR.entries.filter((entry) => entry.id !== 4);
      expect(await verifyDraw({ ...published, entries })).toMatchObject({ entriesMatch: false, verified: false });
    });

    it('catches winners that the data does not give', async () => {
      const picks = [VECTOR.picks[1], VECTOR.picks[0], ...VECTOR.picks.slice(2)];
      expect(await verifyDraw({ ...published, picks })).toMatchObject({ picksMatch: false, verified: false });
    });
  });
});
