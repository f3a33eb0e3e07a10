import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/* Locators and steps of the admin hunt pages, shared by their spec files. */

export const SHOTS = '/tmp/shots-admin';
mkdirSync(SHOTS, { recursive: true });
export const adminShot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

export const toast = (page: Page, text: string) => page.locator('[data-toast]').filter({ hasText: text });
export const gameRows = (page: Page) => page.getByTestId('hunt-game');
export const addBar = (page: Page) => page.getByRole('form', { name: 'Add slot' });
export const slotField = (page: Page) => addBar(page).getByRole('combobox', { name: 'Slot' });
export const betField = (page: Page) => addBar(page).getByLabel('Bet ($)');
export const opening = (page: Page) => page.getByRole('region', { name: 'Opening mode' });
export const winField = (page: Page) => opening(page).getByLabel(/^Win of /);

/** The slot names of the hunt's rows, top to bottom. */
export const rowOrder = (page: Page) => gameRows(page).getByTestId('game-slot-name');

/** Types into a type-ahead until its suggestion shows, then picks it with the arrow keys and Enter. */
export async function pickSuggestion(field: Locator, typed: string, option: string) {
  const page = field.page();
  await field.fill(typed);
  await expect(page.getByRole('option').filter({ hasText: option })).toBeVisible();
  const index = (await page.getByRole('option').allTextContents()).findIndex((text) => text.includes(option));
  for (let step = 0; step <= index; step++) await field.press('ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toContainText(option);
  await field.press('Enter');
}

