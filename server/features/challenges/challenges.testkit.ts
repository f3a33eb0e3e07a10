import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll } from 'vitest';
import type { ClaimStatus, PrizeType } from '../../../common/challenges';
import type { Executor } from '../../db/types';
import type { TestClient } from '../../test/client';
import { multipart, type MultipartFile } from '../../test/multipart';
import { CLAIM_EVIDENCE_FOLDER } from './challenge-views';

/*
 * For challenge tests (members' and staff's): challenges and claims written straight into the database,
 * as staff and members would leave them (decision 021), and a member's claim sent through the real API.
 * Amounts are given as the API shows them (multiplier 100 = 100x, dollars for bets and cash prizes).
 */

export interface ChallengeSpec {
  slot_name?: string;
  slot_id?: number | null;
  /** A storage path of the challenge's own image. */
  image?: string | null;
  /** Default 100 (100x). */
  multiplier?: number;
  /** Dollars; default 0.2. */
  min_bet?: number;
  /** Default 'points'. */
  prize_type?: PrizeType;
  /** Dollars for cash, whole points for points; default 5000. */
  prize_amount?: number;
  /** Seconds from `now` to the start; default -3600 (started an hour ago). */
  starts_in?: number;
  /** Seconds from `now` to the end; default 7 days. */
  ends_in?: number;
  /** Default true. */
  is_active?: boolean;
  /** A member id: the challenge is already claimed by them (claimed_at = now), as an approval leaves it. */
  claimed_by?: number | null;
  created_by?: number | null;
}

export interface TestChallenge {
  id: number;
  slot_name: string;
  start_date: string;
  end_date: string;
}

let made = 0;
const at = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

/** A challenge as staff would have saved it; by default started an hour before `now`, running a week, 5,000 points. */
export async function createChallenge(db: Executor, spec: ChallengeSpec = {}, now = new Date()): Promise<TestChallenge> {
  made += 1;
  const slot_name = spec.slot_name ?? `Test Slot ${made}`;
  const stamp = now.toISOString();
  const values = {
    slot_name,
    slot_id: spec.slot_id ?? null,
    image: spec.image ?? null,
    multiplier_centi: Math.round((spec.multiplier ?? 100) * 100),
    min_bet_cents: Math.round((spec.min_bet ?? 0.2) * 100),
    prize_type: spec.prize_type ?? 'points',
    prize_amount: (spec.prize_type ?? 'points') === 'cash' ? Math.round((spec.prize_amount ?? 5000) * 100) : Math.round(spec.prize_amount ?? 5000),
    start_date: at(now, spec.starts_in ?? -3600),
    end_date: at(now, spec.ends_in ?? 7 * 86_400),
    is_active: (spec.is_active ?? true) ? 1 : 0,
    claimed_by: spec.claimed_by ?? null,
    claimed_at: spec.claimed_by ? stamp : null,
    created_by: spec.created_by ?? null,
    created_at: stamp,
    updated_at: stamp,
  };
  const row = await db.insertInto('challenges').values(values).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, slot_name, start_date: values.start_date, end_date: values.end_date };
}

export interface ClaimSpec {
  challenge_id: number;
  user_id: number;
  description?: string;
  /** Storage paths (not files on disk unless the test made them). */
  evidence_images?: string[];
  status?: ClaimStatus;
  admin_notes?: string | null;
  reviewed_by?: number | null;
  created_at?: string;
}

/** A claim written straight into the database (pending by default); reviewed ones get reviewed_at = created_at. Returns its id. */
export async function insertClaim(db: Executor, spec: ClaimSpec): Promise<number> {
  const created = spec.created_at ?? new Date().toISOString();
  const status = spec.status ?? 'pending';
  const row = await db
    .insertInto('challenge_claims')
    .values({
      challenge_id: spec.challenge_id,
      user_id: spec.user_id,
      description: spec.description ?? 'Hit it on stream, clip in the images.',
      evidence_images: JSON.stringify(spec.evidence_images ?? []),
      status,
      admin_notes: spec.admin_notes ?? null,
      reviewed_by: spec.reviewed_by ?? null,
      reviewed_at: status === 'pending' ? null : created,
      created_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A small real PNG (each colour gives different bytes). */
export const pngImage = (colour = '#7c3aed', width = 48, height = 32) => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

const COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#f59e0b', '#7c3aed', '#0891b2', '#db2777'];

/** `count` PNG evidence files named shot1.png… in the form's fields evidence_images[0]…, as the claim modal sends them. */
export async function evidenceFiles(count: number): Promise<MultipartFile[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({ name: `shot${i + 1}.png`, type: 'image/png', data: await pngImage(COLOURS[i % COLOURS.length]), field: `evidence_images[${i}]` })),
  );
}

export const claimUrl = (challengeId: number) => `/api/r/challenges/${challengeId}/claim`;

/**
 * A member's claim through the API (POST multipart, CSRF as the browser sends it). `images` is a count of
 * generated PNGs (default 0) or the files themselves; `description: null` leaves the field out.
 */
export async function submitClaim(
  client: TestClient,
  challengeId: number,
  { description = 'Landed it on stream at 0.20, screenshots attached.', images = 0 }: { description?: string | null; images?: number | MultipartFile[] } = {},
): Promise<LightMyRequestResponse> {
  const files = typeof images === 'number' ? await evidenceFiles(images) : images;
  const { payload, headers } = await multipart(files, description === null ? {} : { description });
  return client.post(claimUrl(challengeId), payload, { headers });
}

/**
 * A data dir of the test file's own, removed after its tests, so it can look at what landed under
 * uploads: `const dataDir = ownDataDir(); const t = useTestApp({ env: { DATA_DIR: dataDir } });`
 */
export function ownDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-challenges-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Files stored as claim evidence under a test app's data dir (DATA_DIR/uploads/challenge-claims), as storage paths. */
export function storedEvidence(dataDir: string): string[] {
  const dir = join(dataDir, 'uploads', CLAIM_EVIDENCE_FOLDER);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => `${CLAIM_EVIDENCE_FOLDER}/${name}`)
    .sort();
}
