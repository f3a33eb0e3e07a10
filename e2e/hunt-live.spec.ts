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

/** Resolves with the moment `text` shows in `locator`'s page, measured by the test's clock. */
const shownAt = (locator: ReturnType<Page['locator']>, text: string) => expect(locator).toContainText(text, { timeout: 4000 }).then(() => Date.now());

test('wins typed in the runner show on the hunt page and the overlay within a second or two', async ({ page, browser, huntStaff }) => {
  test.setTimeout(90_000);
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

  const delays: number[] = [];
  for (const [index, win] of [250, 31.5].entries()) {
    const viewerRow = viewer.getByTestId('slot-row').filter({ hasText: slots[index] });
    const overlayRow = obs.locator(`.row[data-game-id="${hunt.games[index].id}"] .win`);
    await page.keyboard.type(String(win));
    const typedAt = Date.now();
    await page.keyboard.press('Enter');
    const [onPage, onOverlay] = await Promise.all([
      shownAt(viewerRow, `$${win.toFixed(2)}`),
      shownAt(overlayRow, `$${Math.round(win)}`),
    ]);
    delays.push(onPage - typedAt, onOverlay - typedAt);
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
