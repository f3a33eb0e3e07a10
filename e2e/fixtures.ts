import { test as base, expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Role } from '../common/roles';

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 390, height: 844 };

/**
 * On a phone each admin row is a card: none may reach past the screen's edge. The page itself does not scroll then
 * (the list's card cuts the row off), so checking the page's width alone would miss it.
 */
export async function rowsWithinScreen(rows: Locator) {
  const rightmost = await rows.evaluateAll((elements) => Math.max(...elements.map((row) => row.getBoundingClientRect().right)));
  expect(rightmost).toBeLessThanOrEqual(MOBILE.width);
}

/**
 * Cards side by side in a grid line up: within each row of cards (same top), the part `part` picks (a price, a
 * progress bar) sits at the same height in every card. Returns how many cards shared a row with another.
 */
export async function partsLevelAcrossRows(cards: Locator, part: string) {
  const spots = await cards.evaluateAll(
    (elements, selector) => elements.map((card) => ({ top: Math.round(card.getBoundingClientRect().top), part: Math.round(card.querySelector(selector)!.getBoundingClientRect().top) })),
    part,
  );
  const rows = new Map<number, typeof spots>();
  for (const spot of spots) rows.set(spot.top, [...(rows.get(spot.top) ?? []), spot]);
  let shared = 0;
  for (const row of rows.values()) {
    if (row.length < 2) continue;
    shared += row.length;
    expect(new Set(row.map((spot) => spot.part)).size, `parts at ${row.map((spot) => spot.part).join(', ')} in one row`).toBe(1);
  }
  return shared;
}

interface Fixtures {
  /** true: behave like a first visit (splash screen, cookie banner). Default false: both already seen. */
  freshVisitor: boolean;
  /** Signs in through the local sign-in form and waits for the home page. */
  signIn(username: string, role?: Role): Promise<void>;
}

let counter = 0;
/** A name no other test uses (tests share one database). */
export const uniqueName = (prefix: string) => `${prefix}${process.pid % 1000}${Date.now() % 100_000}${counter++}`;

/** A returning visitor: the splash and the cookie banner were already seen. */
const skipFirstVisit = (page: Page) =>
  page.addInitScript(() => {
    sessionStorage.setItem('splash-seen', '1');
    localStorage.setItem('cookie-consent', 'accepted');
  });

export const test = base.extend<Fixtures>({
  freshVisitor: [false, { option: true }],
  page: async ({ page, freshVisitor }, use) => {
    if (!freshVisitor) await skipFirstVisit(page);
    await use(page);
  },
  signIn: async ({ page }, use) => {
    await use(async (username, role = 'user') => {
      await signInAs(page, username, role);
    });
  },
});

export async function signInAs(page: Page, username: string, role: Role = 'user') {
  await page.goto('/login');
  await page.getByLabel('Display name').fill(username);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('/');
}

/** Another person: a browser context of their own, signed in (close `page.context()` when done). */
export async function signedInElsewhere(browser: Browser, username: string, role: Role = 'user'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await skipFirstVisit(page);
  await signInAs(page, username, role);
  return page;
}

export { expect };
