import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { AdminHunt, GameInput, GameUpdate, HuntInput } from '../common/contracts/bonus-hunts-admin';
import { test as base, expect, signedInElsewhere, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';

/*
 * Staff running bonus hunts through the admin API, for the specs that need a hunt of their own (member page,
 * overlay, the admin runner). The site allows ONE running hunt, and spec files run in parallel workers against one
 * server, so every test that starts or finishes a hunt holds a lock (a directory made atomically, per server port)
 * from its first hunt change until the test ends. Use the `huntStaff` fixture of the `test` exported here: it
 * releases the lock even when the test fails, and adds the time spent waiting for it to the test's budget.
 */

const LOCK = join(tmpdir(), `bonus-hunt-e2e-lock-${process.env.E2E_PORT ?? '3210'}`);
const OWNER = join(LOCK, 'owner.json');
/** A lock whose owner never wrote its file (killed between mkdir and write) is stale after this long. */
const UNOWNED_STALE_MS = 10_000;

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The lock is stale when its owner process is gone (a run that was killed): then it may be taken over. */
async function lockIsStale() {
  const owner = await readFile(OWNER, 'utf8').then((text) => JSON.parse(text) as { pid: number }, () => null);
  if (owner) return !processAlive(owner.pid);
  const made = await stat(LOCK).then((info) => info.mtimeMs, () => null);
  return made !== null && Date.now() - made > UNOWNED_STALE_MS;
}

/** Waits for the site's one-hunt lock; answers how long that took. */
async function acquireHuntLock(): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(LOCK);
      await writeFile(OWNER, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));
      return Date.now() - started;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await lockIsStale()) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const releaseHuntLock = () => rm(LOCK, { recursive: true, force: true });

export type StaffHunt = AdminHunt;

/** A member of staff (an admin, in a browser of their own) driving /admin-new/api/bonus-hunts. */
export async function openHuntStaff(browser: Browser, onLockWait: (waitedMs: number) => void = () => {}) {
  const page: Page = await signedInElsewhere(browser, uniqueName('HuntStaff'), 'admin');
  const headers = await csrf(page);
  let holdsLock = false;

  const call = async <T>(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, data?: unknown): Promise<T> => {
    const response = await page.request[method](`/admin-new/api${path}`, method === 'get' ? {} : { headers, data: data ?? {} });
    expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(200);
    return response.json() as Promise<T>;
  };
  const hunt = async (id: number) => (await call<{ data: AdminHunt }>('get', `/bonus-hunts/${id}`)).data;
  const holdLock = async () => {
    if (holdsLock) return;
    onLockWait(await acquireHuntLock());
    holdsLock = true;
  };
  const updateGame = async (huntId: number, gameId: number, update: GameUpdate) => {
    await call('patch', `/bonus-hunts/${huntId}/games/${gameId}`, update);
    return hunt(huntId);
  };

  /** Ends the running hunt, if any: its unopened and pending games are settled ($0 where unopened), then it finishes. */
  const finishRunning = async () => {
    await holdLock();
    const list = await call<{ data: { id: number; status: string }[] }>('get', '/bonus-hunts?page=1');
    const running = list.data.find((row) => row.status === 'active');
    if (!running) return;
    const current = await hunt(running.id);
    if (current.games.length === 0) {
      await call('delete', `/bonus-hunts/${running.id}`);
      return;
    }
    for (const game of current.games.filter((row) => !row.opened || row.pending_win)) {
      await updateGame(running.id, game.id, { slot_win: game.opened ? game.slot_win : 0, pending_win: false });
    }
    await call('post', `/bonus-hunts/${running.id}/finish`);
  };

  return {
    /** The staff browser page (signed in as an admin). */
    page,
    hunt,
    finishRunning,
    /** A new running hunt (any running one is finished first) with these games in this order. */
    async startHunt(input: Partial<HuntInput> = {}, games: GameInput[] = []): Promise<AdminHunt> {
      await finishRunning();
      const created = await call<{ data: AdminHunt }>('post', '/bonus-hunts', { title: uniqueName('E2E Hunt '), start_balance: 1000, ...input });
      for (const game of games) await call('post', `/bonus-hunts/${created.data.id}/games`, game);
      return hunt(created.data.id);
    },
    addGame: async (huntId: number, game: GameInput) => {
      await call('post', `/bonus-hunts/${huntId}/games`, game);
      return hunt(huntId);
    },
    updateGame,
    /** Enters a game's win (settling a pending one). */
    enterWin: (huntId: number, gameId: number, win: number) => updateGame(huntId, gameId, { slot_win: win, pending_win: false }),
    openPredictions: (huntId: number) => call('post', `/bonus-hunts/${huntId}/predictions/open`),
    closePredictions: (huntId: number) => call('post', `/bonus-hunts/${huntId}/predictions/close`),
    finish: async (huntId: number) => {
      await call('post', `/bonus-hunts/${huntId}/finish`);
      return hunt(huntId);
    },
    /** A slot in the catalogue (no hunt change: needs no lock). */
    addSlot: async (name: string, provider = '') => (await call<{ data: { id: number; name: string } }>('post', '/slots', { name, provider })).data,
    /** Closes the staff browser and lets other tests run hunts. */
    async close() {
      await page.context().close();
      if (holdsLock) await releaseHuntLock();
      holdsLock = false;
    },
  };
}
export type HuntStaff = Awaited<ReturnType<typeof openHuntStaff>>;

/** The site's `test` plus `huntStaff`: opened on first use, closed (and the hunt lock released) after the test, pass or fail. */
export const test = base.extend<{ huntStaff: HuntStaff }>({
  huntStaff: async ({ browser }, use, testInfo) => {
    const staff = await openHuntStaff(browser, (waitedMs) => testInfo.setTimeout(testInfo.timeout + waitedMs));
    try {
      await use(staff);
    } finally {
      await staff.close();
    }
  },
});

/** A game for `startHunt` / `addGame`: a new or existing catalogue slot by name. */
export const slotGame = (slot_name: string, slot_bet: number, fields: Partial<GameInput> = {}): GameInput => ({ slot_name, slot_bet, ...fields });

export { expect };
