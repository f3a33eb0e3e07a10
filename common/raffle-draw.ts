/*
 * The verifiable raffle draw (README "How a raffle draw can be verified"). The server and the browser's
 * "Verify this draw" panel run this same file, so what the panel recomputes is exactly what the server did.
 *
 * 1. When a raffle is created the server picks a secret seed (64 hex characters) and publishes
 *    seed_hash = SHA-256(seed).
 * 2. When entries close it publishes entries_hash = SHA-256 of the entry list: one line per entry,
 *    "<entry id>:<member id>", in ascending entry id, joined by "\n".
 * 3. The draw reads a stream of 32-bit numbers from SHA-256("<seed>:<raffle id>:<entries_hash>:<block>")
 *    for block = 0, 1, 2...; each 32-byte block gives eight big-endian numbers.
 * 4. Each pick takes numbers from the stream until one is below the largest multiple of the pool size
 *    that fits in 2^32 (so every entry is exactly equally likely: no modulo bias), and picks the entry at
 *    number mod pool size. The winner's other entries leave the pool: a member wins at most once, with
 *    a chance proportional to their entries.
 * 5. Picks continue in the same stream: a redraw is simply the next pick, so every pick, original or
 *    redrawn, is fixed by the published data once the seed is revealed.
 */

export interface DrawEntry {
  id: number;
  user_id: number;
}

export interface DrawPick {
  entry_id: number;
  user_id: number;
}

export interface DrawInput {
  seed: string;
  raffleId: number;
  entriesHash: string;
  entries: readonly DrawEntry[];
  /** How many picks to make, in order: the winners first, then one per redraw. */
  picks: number;
}

const UINT32_RANGE = 2 ** 32;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export const sha256Hex = async (text: string) => toHex(await sha256(text));

/** The published commitment to the secret seed. */
export const seedCommitment = (seed: string) => sha256Hex(seed);

/** A fresh secret seed: 32 random bytes as 64 hex characters. */
export function newSeed(): string {
  return toHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

const byId = (entries: readonly DrawEntry[]) => [...entries].sort((a, b) => a.id - b.id);

/** The exact text whose SHA-256 is the published entries hash. */
export const entryListText = (entries: readonly DrawEntry[]) => byId(entries).map((entry) => `${entry.id}:${entry.user_id}`).join('\n');

export const entryListHash = (entries: readonly DrawEntry[]) => sha256Hex(entryListText(entries));

/** The random stream of step 3: 32-bit numbers, eight per SHA-256 block. */
function randomStream(seed: string, raffleId: number, entriesHash: string) {
  let block = 0;
  let numbers: number[] = [];
  return async function next(): Promise<number> {
    if (numbers.length === 0) {
      const bytes = await sha256(`${seed}:${raffleId}:${entriesHash}:${block}`);
      block += 1;
      const view = new DataView(bytes.buffer);
      numbers = Array.from({ length: 8 }, (_, index) => view.getUint32(index * 4, false));
    }
    return numbers.shift()!;
  };
}

/** A uniform index below `size` from the stream, by rejection (step 4). */
async function uniformIndex(next: () => Promise<number>, size: number): Promise<number> {
  const limit = UINT32_RANGE - (UINT32_RANGE % size);
  for (;;) {
    const value = await next();
    if (value < limit) return value % size;
  }
}

/** The picks of a draw, in order; fewer than asked when the pool runs out of members. */
export async function drawPicks({ seed, raffleId, entriesHash, entries, picks }: DrawInput): Promise<DrawPick[]> {
  const next = randomStream(seed, raffleId, entriesHash);
  let pool = byId(entries);
  const result: DrawPick[] = [];
  while (result.length < picks && pool.length > 0) {
    const entry = pool[await uniformIndex(next, pool.length)];
    result.push({ entry_id: entry.id, user_id: entry.user_id });
    pool = pool.filter((candidate) => candidate.user_id !== entry.user_id);
  }
  return result;
}

export interface DrawVerdict {
  seedMatches: boolean;
  entriesMatch: boolean;
  /** The picks recomputed from the published data. */
  picks: DrawPick[];
  picksMatch: boolean;
  /** All three hold: the draw is the one the commitments fixed in advance. */
  verified: boolean;
}

/** What the "Verify this draw" panel checks, from published data only. */
export async function verifyDraw(published: {
  seed: string;
  seedHash: string;
  raffleId: number;
  entriesHash: string;
  entries: readonly DrawEntry[];
  picks: readonly DrawPick[];
}): Promise<DrawVerdict> {
  const seedMatches = (await seedCommitment(published.seed)) === published.seedHash;
  const entriesMatch = (await entryListHash(published.entries)) === published.entriesHash;
  const picks = await drawPicks({ ...published, picks: published.picks.length });
  const picksMatch =
    picks.length === published.picks.length &&
    picks.every((pick, index) => pick.entry_id === published.picks[index].entry_id && pick.user_id === published.picks[index].user_id);
  return { seedMatches, entriesMatch, picks, picksMatch, verified: seedMatches && entriesMatch && picksMatch };
}
