import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './hunt-staff';
import { craftedHunt, game, OVERLAY, serveLatestActive, unopened, won } from './overlay-hunts';

/*
 * The OBS overlay (spec 2 /overlays/bonus-hunt, §4 Overlay, §9). The display rules run on crafted latest-active
 * answers and a fake clock (4 s rotation steps, 3 s polls) so they are exact; the live tests drive the real server.
 */

// The rotation and its transitions are what these tests measure.
test.use({ reducedMotion: 'no-preference' });

/** The games in the 3-game window: rows outside it are hidden from the accessibility tree. */
const windowNumbers = (page: Page) => page.getByRole('rowgroup').getByRole('row').locator('.number');
const gameRow = (page: Page, gameId: number) => page.locator(`.list .row[data-game-id="${gameId}"]`);

const COLOURS = {
  grey: 'rgb(161, 161, 170)',
  blue: 'rgb(96, 165, 250)',
  green: 'rgb(74, 222, 128)',
  orange: 'rgb(251, 146, 60)',
  yellow: 'rgb(250, 204, 21)',
  red: 'rgb(248, 113, 113)',
};

/** Opens the overlay on a paused fake clock: its timers (polls, rotation) move only with runFor; the network stays real. */
async function openOnClock(page: Page, query = '?poll-only=1') {
  const start = Date.parse('2026-11-20T20:00:00Z');
  await page.clock.install({ time: start });
  // The installed clock runs until paused: a minute ahead stays in its future however slow the machine is.
  await page.clock.pauseAt(start + 60_000);
  await page.goto(`${OVERLAY}${query}`);
}

test.describe('the overlay page', () => {
  test('stays on Loading while the hunt has no games, shows the empty state when none runs, and only logs a failed fetch', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    let answer: ReturnType<typeof craftedHunt> | null | number = craftedHunt(901, []);
    let polls = 0;
    await serveLatestActive(page, () => {
      polls += 1;
      return answer;
    });
    await openOnClock(page);
    await expect.poll(() => polls).toBe(1);
    await page.clock.runFor(3000);
    await expect.poll(() => polls).toBe(2);
    await expect(page.getByText('Loading Bonus Hunt...')).toBeVisible();

    answer = null;
    await page.clock.runFor(3000);
    await expect(page.getByText('No Active Bonus Hunt')).toBeVisible();
    await expect(page.getByText('Waiting for the next hunt to begin...')).toBeVisible();

    answer = 500;
    await page.clock.runFor(3000);
    await expect.poll(() => errors.join('\n')).toContain('Bonus hunt overlay: could not load the hunt.');
    await expect(page.getByText('No Active Bonus Hunt')).toBeVisible();

    answer = craftedHunt(902, unopened(2));
    await page.clock.runFor(3000);
    await expect(page.getByText('Hunt #902')).toBeVisible();
    await expect(page.getByText('No Active Bonus Hunt')).toHaveCount(0);
  });

  test('shows the summary, progress, highlight cards and table as spec 2 words them', async ({ page }) => {
    const hunt = craftedHunt(903, [
      won('Gates of Olympus', 10, 245.5),
      won('Wanted Dead or a Wild', 5, 1250),
      won('Big Bass Splash', 10, 0),
      game('', 8, { slot_provider: '', pending_win: true }),
      game('Book of Dead', 2.5, { slot_image: 'slots/book-of-dead.webp' }),
      ...unopened(3),
    ]);
    await serveLatestActive(page, () => hunt);
    await openOnClock(page);

    await expect(page.getByText('Hunt #903')).toBeVisible();
    const cell = (label: string) => page.locator('.summary-cell', { has: page.getByText(label, { exact: true }) }).locator('.value');
    await expect(cell('Start')).toHaveText('$1,000.00');
    await expect(cell('Won')).toHaveText('$1,495.50');
    await expect(cell('P/L')).toHaveText('$495.50');
    await expect(cell('P/L')).toHaveCSS('color', COLOURS.green);
    await expect(cell('Avg')).toHaveText(`${hunt.statistics.average_x.toFixed(2)}x`);
    await expect(cell('Break')).toHaveText('0.00x');
    await expect(page.locator('.progress-caption .value')).toHaveText('2/8 · 25%');
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');

    const highest = page.getByRole('region', { name: 'Highest Multi' });
    await expect(highest).toContainText('250.00x');
    await expect(highest).toContainText('Wanted Dead or a Wild');
    await expect(highest).toContainText('$1,250.00');
    const biggest = page.getByRole('region', { name: 'Biggest Win' });
    await expect(biggest).toContainText('$1,250.00');
    await expect(biggest).toContainText('250.00x');
    await expect(page.getByText(/^No (multipliers|wins) yet$/)).toHaveCount(2);
    await expect(page.getByText(/^No (multipliers|wins) yet$/).first()).toBeHidden();
    await expect(page.getByText(/^No (multipliers|wins) yet$/).last()).toBeHidden();

    // The current game is the 4th (pending): the window focuses on the game before it, rows 3-5.
    await expect(windowNumbers(page)).toHaveText(['3', '4', '5']);
    const [zero, pending, bookOfDead] = hunt.games.slice(2, 5).map((row) => gameRow(page, row.id));
    await expect(zero.locator('.number, .slot-name, .provider, .bet, .win, .multi')).toHaveText(['3', 'Big Bass Splash', 'Pragmatic Play', '$10', '$0', '0.0x']);
    await expect(pending.locator('.slot-name')).toHaveText('Pending...');
    await expect(pending.locator('.provider')).toHaveText('Unknown Provider');
    await expect(pending.locator('.win')).toHaveText('-');
    await expect(bookOfDead.locator('.bet')).toHaveText('$3');
    await expect(bookOfDead.locator('img')).toHaveAttribute('src', '/storage/slots/book-of-dead.webp');
    // That picture does not exist: the tile keeps the slot's initial.
    await expect(bookOfDead.locator('img')).toBeHidden();
    await expect(bookOfDead.locator('.initial')).toHaveText('B');
    await expect(gameRow(page, hunt.games[0].id).locator('.win')).toHaveText('$246');
    await expect(gameRow(page, hunt.games[0].id).locator('.multi')).toHaveText('24.6x');
    await expect(page.getByRole('columnheader')).toHaveText(['#', 'Slot', 'Bet', 'Win', 'Multi']);
  });

  test('says No multipliers yet and No wins yet before the first win, and shows a loss in red', async ({ page }) => {
    await serveLatestActive(page, () => craftedHunt(904, unopened(4), 500));
    await openOnClock(page);
    await expect(page.getByRole('region', { name: 'Highest Multi' }).getByText('No multipliers yet')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Biggest Win' }).getByText('No wins yet')).toBeVisible();
    const profitLoss = page.locator('.summary-cell.profit-loss .value');
    await expect(profitLoss).toHaveText('-$500.00');
    await expect(profitLoss).toHaveCSS('color', COLOURS.red);
    await expect(page.locator('.summary-cell.break-even .value')).toHaveText('12.50x');
  });

  test('colours multipliers by tier and accents won, current and pending games', async ({ page }) => {
    const hunt = craftedHunt(905, [
      won('Zero', 10, 0),
      won('Small', 10, 95),
      won('Good', 10, 100),
      won('Great', 10, 500),
      won('Huge', 10, 1000),
      game('Waiting For Win', 10, { pending_win: true, slot_win: 40, opened: true }),
      game('After', 10),
    ]);
    await serveLatestActive(page, () => hunt);
    await openOnClock(page);
    const rows = hunt.games.map((row) => gameRow(page, row.id));
    const tiers = [COLOURS.grey, COLOURS.blue, COLOURS.green, COLOURS.orange, COLOURS.yellow];
    for (const [index, colour] of tiers.entries()) {
      await expect(rows[index].locator('.multi')).toHaveCSS('color', colour);
      await expect(rows[index]).toHaveCSS('border-left-color', COLOURS.green);
    }
    await expect(rows[4].locator('.multi')).toHaveText('100.0x');
    await expect(rows[5]).toHaveCSS('border-left-color', COLOURS.yellow);
    await expect(rows[5].locator('.win')).toHaveText('$40');
    await expect(rows[5].locator('.win')).toHaveCSS('color', COLOURS.yellow);
    await expect(rows[6]).toHaveCSS('border-left-color', 'rgba(0, 0, 0, 0)');
    await expect(page.getByRole('region', { name: 'Highest Multi' }).locator('.figure')).toHaveCSS('color', COLOURS.yellow);
  });

  for (const count of [2, 3]) {
    test(`does not rotate ${count} games`, async ({ page }) => {
      await serveLatestActive(page, () => craftedHunt(910 + count, unopened(count)));
      await openOnClock(page);
      const all = Array.from({ length: count }, (_, index) => String(index + 1));
      await expect(windowNumbers(page)).toHaveText(all);
      for (let step = 0; step < 3; step++) {
        await page.clock.runFor(4000);
        await expect(windowNumbers(page)).toHaveText(all);
      }
    });
  }

  test('rotates 10 unopened games one position every 4 s, wraps after the last full window, with 0.4 s transitions', async ({ page }) => {
    await serveLatestActive(page, () => craftedHunt(920, unopened(10)));
    await openOnClock(page);
    await expect(windowNumbers(page)).toHaveText(['1', '2', '3']);
    await expect(page.locator('.list')).toHaveCSS('transition-duration', '0.4s');
    await expect(page.locator('.list .row').first()).toHaveCSS('transition-duration', '0.4s, 0.4s, 0.4s');
    await page.clock.runFor(3900);
    await expect(windowNumbers(page)).toHaveText(['1', '2', '3']);
    for (let first = 2; first <= 8; first++) {
      await page.clock.runFor(4000);
      await expect(windowNumbers(page)).toHaveText([first, first + 1, first + 2].map(String));
    }
    await page.clock.runFor(4000);
    await expect(windowNumbers(page)).toHaveText(['1', '2', '3']);
  });

  test('stops rotating once a game has a win and focuses on the game before the current one', async ({ page }) => {
    const games = unopened(10);
    let hunt = craftedHunt(930, games);
    await serveLatestActive(page, () => hunt);
    await openOnClock(page);
    // The first answer comes over the real network: the rotation starts with it, so the clock moves only once it shows.
    await expect(windowNumbers(page)).toHaveText(['1', '2', '3']);
    await page.clock.runFor(8000);
    await expect(windowNumbers(page)).toHaveText(['3', '4', '5']);

    // Four wins: the 5th game is current, the window shows the 4th to the 6th and stays there.
    hunt = craftedHunt(930, games.map((row, index) => (index < 4 ? { ...row, slot_win: 25, opened: true } : row)));
    await page.clock.runFor(4000);
    await expect(windowNumbers(page)).toHaveText(['4', '5', '6']);
    await page.clock.runFor(12_000);
    await expect(windowNumbers(page)).toHaveText(['4', '5', '6']);
    await expect(gameRow(page, hunt.games[4].id)).toHaveAttribute('data-state', 'current');

    // One win on the first game: the current game is the 2nd, the focus the 1st.
    hunt = craftedHunt(930, games.map((row, index) => (index === 0 ? { ...row, slot_win: 25, opened: true } : row)));
    await page.clock.runFor(3000);
    await expect(windowNumbers(page)).toHaveText(['1', '2', '3']);

    // Every game has a win: the focus is the last game, shown in the last full window.
    hunt = craftedHunt(930, games.map((row) => ({ ...row, slot_win: 25, opened: true })));
    await page.clock.runFor(3000);
    await expect(windowNumbers(page)).toHaveText(['8', '9', '10']);
  });

  test('has a transparent background and requests nothing of the site bundle', async ({ page }) => {
    const assetsOf = async (path: string) => [...(await (await page.request.get(path)).text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    const overlayAssets = await assetsOf(OVERLAY);
    // Tiny modules both pages use (the font's stylesheet, number formats) are shared chunks; the rest is the site's own.
    const siteOnlyAssets = (await assetsOf('/')).filter((path) => !overlayAssets.includes(path));
    expect(siteOnlyAssets.length).toBeGreaterThan(1);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await serveLatestActive(page, () => craftedHunt(940, unopened(4)));
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(OVERLAY);
    await expect(page.getByText('Hunt #940')).toBeVisible();

    for (const selector of ['html', 'body']) await expect(page.locator(selector)).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    // Nothing is painted beside the panel: OBS shows the game there.
    const shot = await page.screenshot({ omitBackground: true });
    const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect([alphaAt(1000, 500), alphaAt(1900, 1060), alphaAt(500, 900)]).toEqual([0, 0, 0]);
    expect(alphaAt(200, 40), 'the panel itself is painted').toBeGreaterThan(200);

    expect(requested.filter((path) => siteOnlyAssets.includes(path))).toEqual([]);
    // Its icon is inline, so a browser source (OBS's Chromium asks for one) never requests a /favicon.ico the site lacks.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^data:/);
    for (const path of requested) expect(path).toMatch(/^(\/overlays\/bonus-hunt|\/assets\/[\w.-]+\.(js|css|woff2)|\/api\/r\/bonus-hunts\/(latest-active|events))$/);
    let scriptBytes = 0;
    for (const path of requested.filter((asset) => asset.endsWith('.js'))) scriptBytes += (await (await page.request.get(path)).body()).length;
    expect(scriptBytes, 'the overlay loads a few kilobytes of script').toBeGreaterThan(2000);
    expect(scriptBytes).toBeLessThan(16_000);
  });
});
