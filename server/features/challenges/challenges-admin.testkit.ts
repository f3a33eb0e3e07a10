import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { adminChallengeResponseSchema, adminClaimResponseSchema, type AdminChallenge, type AdminClaim, type ChallengeInput } from '../../../common/contracts/challenges-admin';
import type { TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';
import { multipart } from '../../test/multipart';
import { CHALLENGE_IMAGE_FOLDER } from './challenge-views';
import { pngImage } from './challenges.testkit';

/* For the staff API's tests: challenges run and claims reviewed through the real admin routes, as the admin pages do. */
export const CHALLENGES = '/admin-new/api/challenges';
export const CLAIMS = '/admin-new/api/challenge-claims';

export const hoursFromNow = (hours: number, from = Date.now()) => new Date(from + hours * 3_600_000).toISOString();

/** A form staff would send: 500x at $0.20 for a $100.00 prize, running from an hour ago for two days. */
export const challengeForm = (fields: Partial<ChallengeInput> = {}): ChallengeInput => ({
  slot_name: 'Gates of Olympus',
  multiplier: 500,
  min_bet: 0.2,
  prize_type: 'cash',
  prize_amount: 100,
  start_date: hoursFromNow(-1),
  end_date: hoursFromNow(48),
  ...fields,
});

/** The challenge a successful call answers (`status` 200 or, for a create, 201), checked against its contract. */
export function challengeOf(response: LightMyRequestResponse, status = 200): AdminChallenge {
  expect(response.statusCode, response.body).toBe(status);
  return adminChallengeResponseSchema.parse(response.json()).data;
}

export const createByApi = async (staff: TestClient, fields: Partial<ChallengeInput> = {}) => challengeOf(await staff.post(CHALLENGES, challengeForm(fields)), 201);

/** The claim a successful review answers, checked against its contract. */
export function claimOf(response: LightMyRequestResponse): AdminClaim {
  expect(response.statusCode, response.body).toBe(200);
  return adminClaimResponseSchema.parse(response.json()).data;
}

export const approve = (staff: TestClient, claimId: number, admin_notes?: string) => staff.post(`${CLAIMS}/${claimId}/approve`, admin_notes === undefined ? {} : { admin_notes });
export const reject = (staff: TestClient, claimId: number, admin_notes: string) => staff.post(`${CLAIMS}/${claimId}/reject`, { admin_notes });

/** Uploads a generated PNG through POST /challenges/image; answers the stored path. */
export async function uploadImage(staff: TestClient, colour = '#0ea5e9') {
  const { payload, headers } = await multipart([{ name: 'challenge.png', type: 'image/png', data: await pngImage(colour) }]);
  const response = await staff.post(`${CHALLENGES}/image`, payload, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().path as string;
}

/** Challenge images stored under a test app's data dir, as storage paths. */
export function storedImages(dataDir: string): string[] {
  const dir = join(dataDir, 'uploads', CHALLENGE_IMAGE_FOLDER);
  return existsSync(dir) ? readdirSync(dir).map((name) => `${CHALLENGE_IMAGE_FOLDER}/${name}`).sort() : [];
}

/** Every table a challenge change or a review can touch: to show that a refusal changed nothing. */
export async function challengeSnapshot(t: TestApp) {
  const tables = ['challenges', 'challenge_claims', 'points_ledger', 'notifications', 'payouts'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await t.database.db.selectFrom(table).selectAll().orderBy('id').execute()])));
}

/** A member's points balance as stored. */
export const balanceOf = async (t: TestApp, userId: number) => Number((await t.database.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow()).points);

/** A member's notifications of the review kinds, oldest first, with their data parsed. */
export async function reviewNotes(t: TestApp, userId: number) {
  const rows = await t.database.db.selectFrom('notifications').select(['type', 'data']).where('user_id', '=', userId).where('type', 'like', 'challenge_claim_%').orderBy('id').execute();
  return rows.map((row) => ({ type: row.type, ...(JSON.parse(row.data) as { message: string; link?: string }) }));
}
