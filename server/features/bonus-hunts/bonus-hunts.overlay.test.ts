import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { latestActiveResponseSchema, type OverlayHunt } from '../../../common/contracts/bonus-hunts';
import { useTestApp } from '../../test/app';
import { createHunt, finishRunningHunt, setWin } from './bonus-hunts.testkit';

const LATEST_ACTIVE = '/api/r/bonus-hunts/latest-active';

async function latestActive(app: FastifyInstance): Promise<OverlayHunt | null> {
  const response = await app.inject({ method: 'GET', url: LATEST_ACTIVE });
  expect(response.statusCode, response.body).toBe(200);
  return latestActiveResponseSchema.parse(response.json()).data;
}

/** Reads until `done` holds: across instances a change arrives a moment later, through Redis. */
async function eventually(app: FastifyInstance, done: (hunt: OverlayHunt | null) => boolean, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hunt = await latestActive(app);
    if (done(hunt) || Date.now() > deadline) return hunt;
    await sleep(20);
  }
}

/** GET /api/r/bonus-hunts/latest-active (spec 2 §3, §7): the overlay's 3-second poll, served from the cache. */
describe('the overlay’s latest active hunt', () => {
  const t = useTestApp();

  it('answers null while no hunt runs, even when finished ones exist, and is never cached by browsers', async () => {
    expect(await latestActive(t.app)).toBeNull();
    await createHunt(t, { start_balance: 100, finished_at: new Date().toISOString(), games: [{ slot: 'Old Slot', bet: 1, win: 5 }] });
    const response = await t.app.inject({ method: 'GET', url: LATEST_ACTIVE });
    expect(response.json()).toEqual({ success: true, data: null });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('gives the running hunt in the overlay’s shape only', async () => {
    const { id } = await createHunt(t, {
      start_balance: 1000,
      games: [
        { slot: 'Gates of Olympus', provider: 'Pragmatic Play', bet: 2, win: 300 },
        { slot: 'Sweet Bonanza', provider: 'Pragmatic Play', bet: 5, win: 0 },
        { slot: 'Wanted Dead or a Wild', provider: 'Hacksaw', bet: 4, win: 120, pending: true },
        { slot: 'Sugar Rush', provider: 'Pragmatic Play', bet: 10 },
      ],
    });
    const response = await t.app.inject({ method: 'GET', url: LATEST_ACTIVE });
    const { data } = response.json() as { data: OverlayHunt };
    expect(Object.keys(data)).toEqual(['id', 'start_balance', 'games', 'statistics']);
    expect(data).toMatchObject({ id, start_balance: 1000 });
    expect(data.games[0]).toEqual({
      id: expect.any(Number),
      slot_name: 'Gates of Olympus',
      slot_provider: 'Pragmatic Play',
      slot_image: null,
      slot_bet: 2,
      slot_win: 300,
      pending_win: false,
      opened: true,
    });
    expect(data.games.map((game) => [game.slot_name, game.opened, game.pending_win])).toEqual([
      ['Gates of Olympus', true, false],
      ['Sweet Bonanza', true, false],
      ['Wanted Dead or a Wild', true, true],
      ['Sugar Rush', false, false],
    ]);
    // Settled: 150x and 0x. Remaining (pending and not opened): bets 4 + 10 must bring back 700.
    expect(data.statistics).toEqual({
      total_wins: 300,
      average_x: 75,
      break_even_x: 50,
      completed_games: 1,
      total_games: 4,
      highest_multiplier: 150,
      highest_multiplier_game: 'Gates of Olympus',
      biggest_win: 300,
      biggest_win_game: 'Gates of Olympus',
    });
  });

  it('is served from the cache until a change is announced, then shows the change at once', async () => {
    const before = (await latestActive(t.app))!;
    const sugarRush = before.games[3];
    // Written without the staff API's announcement: the cached answer stands (no database read per poll).
    await t.database.db.updateTable('bonus_hunt_games').set({ win_cents: 500_000, opened_at: new Date().toISOString() }).where('id', '=', sugarRush.id).execute();
    expect((await latestActive(t.app))!.games[3].opened).toBe(false);
    // The staff API announces every committed change: the next read is fresh.
    await setWin(t, sugarRush.id, 2500);
    const after = (await latestActive(t.app))!;
    expect(after.games[3]).toMatchObject({ slot_win: 2500, opened: true });
    expect(after.statistics).toMatchObject({ total_wins: 2800, biggest_win: 2500, biggest_win_game: 'Sugar Rush', highest_multiplier: 250 });

    await finishRunningHunt(t);
    expect(await latestActive(t.app)).toBeNull();
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('shows a change made on another instance within a moment', async () => {
    const other = await t.twin();
    expect(await latestActive(other)).toBeNull();
    const { id, gameIds } = await createHunt(t, { start_balance: 10, games: [{ slot: 'Razor Shark', bet: 1 }] });
    expect((await eventually(other, (hunt) => hunt?.id === id))?.id).toBe(id);
    await setWin(t, gameIds[0], 42);
    expect((await eventually(other, (hunt) => hunt?.statistics.total_wins === 42))?.statistics.total_wins).toBe(42);
  });
});
