import type { LightMyRequestResponse } from 'fastify';
import type { AdminPlatform, LeaderboardData, LeaderboardInput, PlatformInput } from '../../../common/contracts/leaderboards';
import { leaderboardResponseSchema } from '../../../common/contracts/leaderboards';
import type { SourceInputDraft } from '../../../common/contracts/wager-sources';
import type { TestClient } from '../../test/client';

/** For the leaderboards' tests: staff set things up through the real admin API, as the admin pages do. */
export const ADMIN = '/admin-new/api';

function expectOk(response: LightMyRequestResponse, what: string) {
  if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return response;
}

export async function platforms(admin: TestClient): Promise<AdminPlatform[]> {
  return expectOk(await admin.get(`${ADMIN}/leaderboards/platforms`), 'listing platforms').json().data;
}

/** A platform with one leaderboard (normal, weekly, starting at `starts_at` or now). Answers the platform as staff see it. */
export async function createBoard(
  admin: TestClient,
  platform: Partial<PlatformInput> & { name: string; slug: string },
  leaderboard: Partial<LeaderboardInput> = {},
): Promise<{ platform: AdminPlatform; leaderboardId: number; periodId: number }> {
  expectOk(await admin.post(`${ADMIN}/leaderboards/platforms`, platform), `creating ${platform.slug}`);
  const created = (await platforms(admin)).find((row) => row.slug === platform.slug)!;
  expectOk(await admin.post(`${ADMIN}/leaderboards/platforms/${created.id}/leaderboards`, { leaderboard_type: 'normal', period_length: 'weekly', ...leaderboard }), 'creating a leaderboard');
  const after = (await platforms(admin)).find((row) => row.slug === platform.slug)!;
  const board = after.leaderboards.find((row) => row.leaderboard_type === (leaderboard.leaderboard_type ?? 'normal'))!;
  return { platform: after, leaderboardId: board.id, periodId: board.current_period!.id };
}

export async function addLeaderboard(admin: TestClient, platformId: number, leaderboard: Partial<LeaderboardInput> & { leaderboard_type: LeaderboardInput['leaderboard_type'] }) {
  expectOk(await admin.post(`${ADMIN}/leaderboards/platforms/${platformId}/leaderboards`, { period_length: 'weekly', ...leaderboard }), 'adding a leaderboard');
  const board = (await platforms(admin)).find((row) => row.id === platformId)!.leaderboards.find((row) => row.leaderboard_type === leaderboard.leaderboard_type)!;
  return { leaderboardId: board.id, periodId: board.current_period!.id };
}

/** Players and their wagers (dollars) as a CSV import into a period. */
export async function importWagers(admin: TestClient, periodId: number, players: [string, number][]) {
  const csv = ['username,wagered', ...players.map(([name, amount]) => `${name},${amount}`)].join('\n');
  return expectOk(await admin.post(`${ADMIN}/leaderboard-periods/${periodId}/import`, { csv }), 'importing wagers');
}

export const setPrizes = async (admin: TestClient, leaderboardId: number, prizes: number[]) =>
  expectOk(await admin.put(`${ADMIN}/leaderboards/${leaderboardId}/prizes`, { prizes }), 'setting prizes');

export const saveSource = async (admin: TestClient, leaderboardId: number, source: SourceInputDraft) =>
  expectOk(await admin.put(`${ADMIN}/leaderboards/${leaderboardId}/source`, source), 'saving the source').json().data;

/** GET /api/r/leaderboard, checked against the response schema of spec 1 §3. */
export async function readLeaderboard(client: TestClient, query = ''): Promise<LeaderboardData> {
  const response = expectOk(await client.get(`/api/r/leaderboard${query}`), 'reading the leaderboard');
  return leaderboardResponseSchema.parse(response.json()).data;
}

export const names = (entries: { displayName: string }[]) => entries.map((entry) => entry.displayName);
