import type { Page } from '@playwright/test';
import { signInAs, uniqueName } from './fixtures';
import { expect, slotGame, test } from './hunt-staff';
import { opening, winField } from './admin-hunt-ui';
import { OVERLAY } from './overlay-hunts';

/*
 * The whole live path as it runs on stream: staff open bonuses in the admin runner by keyboard while a viewer has
 * /bonus-hunts open and OBS shows the overlay; each win reaches both without a reload.
 */
test.describe.configure({ mode: 'serial' });

/*
 * Delays are measured by the pages' own clocks (epoch milliseconds, the same on every page of this machine), not by
 * how soon a busy machine lets the test notice a change.
 */
/** From now on, `page` notes the moment an element matching `selector` first holds every one of `texts`. */
const watchFor = (page: Page, selector: string, texts: string[]) =>
  page.evaluate(
    ({ selector, texts, key }) => {
      const seen = ((window as unknown as { shownAt?: Record<string, number> }).shownAt ??= {});
      const now = () => performance.timeOrigin + performance.now();
      const check = () => {
        if (seen[key] !== undefined) return;
        const shown = [...document.querySelectorAll(selector)].some((element) => texts.every((text) => element.textContent?.includes(text)));
        if (shown) seen[key] = now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
      check();
    },
    { selector, texts, key: texts.join('|') },
  );

/** The moment noted by `watchFor`, once the change has shown. */
async function shownAt(page: Page, texts: string[]): Promise<number> {
  const key = texts.join('|');
  const read = () => page.evaluate((key) => (window as unknown as { shownAt?: Record<string, number> }).shownAt?.[key] ?? null, key);
  await expect.poll(read, { timeout: 15_000 }).not.toBeNull();
  return (await read())!;
}

test('wins typed in the runner show on the hunt page and the overlay within a second or two', async ({ page, browser, huntStaff }) => {
  test.slow();
  const slots = [uniqueName('Live Gates '), uniqueName('Live Party '), uniqueName('Live Shark ')];
  const hunt = await huntStaff.startHunt({ start_balance: 300 }, slots.map((name) => slotGame(name, 2)));

  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto('/bonus-hunts');
  await expect(viewer.getByTestId('hunt-heading')).toContainText(hunt.title);
  await expect(viewer.getByTestId('live-status')).toHaveText('Live updates');
  const obs = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await obs.goto(OVERLAY);
  await expect(obs.getByText(`Hunt #${hunt.id}`)).toBeVisible();

  await signInAs(page, uniqueName('LiveHost'), 'admin');
  await page.goto(`/admin-new/bonus-hunts/${hunt.id}`);
  await page.getByRole('button', { name: 'Start opening' }).click();
  await expect(winField(page)).toBeFocused();
  await page.evaluate(() => {
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') (window as unknown as { enterAt: number }).enterAt = performance.timeOrigin + performance.now();
    }, { capture: true });
  });

  const delays: number[] = [];
  for (const [index, win] of [250, 31.5].entries()) {
    const onPage = [slots[index], `$${win.toFixed(2)}`];
    const onOverlay = [`$${Math.round(win)}`];
    await watchFor(viewer, '[data-testid="slot-row"]', onPage);
    await watchFor(obs, `.row[data-game-id="${hunt.games[index].id}"] .win`, onOverlay);
    await page.keyboard.type(String(win));
    await page.keyboard.press('Enter');
    const [pageAt, overlayAt] = await Promise.all([shownAt(viewer, onPage), shownAt(obs, onOverlay)]);
    const typedAt = await page.evaluate(() => (window as unknown as { enterAt: number }).enterAt);
    delays.push(Math.round(pageAt - typedAt), Math.round(overlayAt - typedAt));
    await expect(opening(page)).toContainText(`game ${index + 2} of 3`);
  }
  console.log(`runner to viewers: hunt page / overlay ${delays.join(' / ')} ms`);
  // Usually 0.1–0.3 s; the bound leaves room for a busy CI machine.
  for (const delay of delays) expect(delay).toBeLessThan(3000);

  // The summaries follow: 2 of 3 completed, $281.50 won.
  await expect(viewer.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '2 of 3 slots completed');
  await expect(obs.locator('.summary-cell.won .value')).toHaveText('$281.50');
  await viewer.context().close();
  await obs.context().close();
});
