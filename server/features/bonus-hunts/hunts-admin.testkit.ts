import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { adminHuntResponseSchema, type AdminHunt, type GameInput, type HuntInput } from '../../../common/contracts/bonus-hunts-admin';
import type { PredictionInput } from '../../../common/contracts/bonus-hunts';
import type { TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';

/* For the staff API's tests: hunts run through the real admin routes, as the admin pages run them. */
export const ADMIN = '/admin-new/api';
export const HUNTS = `${ADMIN}/bonus-hunts`;
export const SLOTS = `${ADMIN}/slots`;

/** The hunt a successful change answers, checked against its contract. */
export function huntOf(response: LightMyRequestResponse): AdminHunt {
  expect(response.statusCode, response.body).toBe(200);
  return adminHuntResponseSchema.parse(response.json()).data;
}

export const startHunt = async (staff: TestClient, input: Partial<HuntInput> = {}) => huntOf(await staff.post(HUNTS, { start_balance: 1000, ...input }));

/** Appends games in order; answers the hunt after the last one. */
export async function addGames(staff: TestClient, huntId: number, games: (Partial<GameInput> & { slot_bet: number })[]): Promise<AdminHunt> {
  let hunt: AdminHunt | undefined;
  for (const game of games) hunt = huntOf(await staff.post(`${HUNTS}/${huntId}/games`, game));
  return hunt!;
}

export const updateGame = (staff: TestClient, huntId: number, gameId: number, change: Record<string, unknown>) => staff.patch(`${HUNTS}/${huntId}/games/${gameId}`, change);

/** Enters the wins of a hunt's games in order (null leaves a game unopened). */
export async function enterWins(staff: TestClient, hunt: AdminHunt, wins: (number | null)[]): Promise<AdminHunt> {
  let latest = hunt;
  for (const [index, win] of wins.entries()) if (win !== null) latest = huntOf(await updateGame(staff, hunt.id, hunt.games[index].id, { slot_win: win }));
  return latest;
}

export const predict = (member: TestClient, huntId: number, prediction: PredictionInput) => member.post(`/api/r/bonus-hunts/${huntId}/predict`, prediction);

/** Every table bonus hunts keep, with the ledger and notifications they write: to show a refusal changed nothing. */
export async function huntSnapshot(t: TestApp) {
  const tables = ['slots', 'bonus_hunts', 'bonus_hunt_games', 'bonus_hunt_predictions', 'points_ledger', 'notifications'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await t.database.db.selectFrom(table).selectAll().orderBy('id').execute()])));
}

/** The hunt ids announced to viewers while `work` runs (through Redis they arrive a moment later: waits up to 2 s for the first). */
export async function announcedDuring(t: TestApp, work: () => Promise<unknown>): Promise<number[]> {
  const heard: number[] = [];
  const stop = t.app.services.huntEvents.listen((event) => heard.push(event.hunt_id));
  try {
    await work();
    for (let waited = 0; heard.length === 0 && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    stop();
  }
  return heard;
}
