// Screenshots of every page at desktop and mobile widths, signed out and signed in (UI-GUIDE: check by eye).
// Usage: npm run screenshots -- [base URL, default http://localhost:3000] [output dir, default ./screenshots]
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? 'screenshots';
const pages = ['/', '/bonus-hunts', '/bonus-hunts?tab=history', '/overlays/bonus-hunt', '/leaderboard', '/leaderboard?platform=packdraw', '/leaderboard?period=last', '/vip-rewards', '/raffles', '/raffles?filter=ended', '/raffles/1', '/raffles/4', '/store', '/login', '/profile/NightSpin', '/profile/nobody-here', '/does-not-exist'];
const signedInPages = [
  '/',
  '/profile',
  '/profile/BonusBuyBella?tab=achievements',
  '/settings',
  '/settings?tab=connections',
  '/settings?tab=social',
  '/store',
  '/vip-rewards',
  '/raffles/2',
  '/raffles/3',
  '/admin-new/store',
  '/admin-new/redemptions',
  '/admin-new/',
  '/admin-new/members',
  '/admin-new/achievements',
  '/admin-new/settings',
  '/admin-new/leaderboards',
  '/admin-new/wager-data',
  '/admin-new/vip-tiers',
  '/admin-new/vip-claims',
  '/admin-new/bonus-hunts',
  '/admin-new/slots',
];
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } };

async function newPage(browser: Browser, size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 1 });
  await context.addInitScript(() => {
    sessionStorage.setItem('splash-seen', '1');
    localStorage.setItem('cookie-consent', 'accepted');
  });
  return context.newPage();
}

async function shoot(page: Page, path: string, file: string) {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${file}.png`, fullPage: true });
}

const slug = (path: string) => path.replace(/[/?=&]/g, '_').replace(/^_$/, 'home') || 'home';

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, size] of Object.entries(sizes)) {
  const anonymous = await newPage(browser, size);
  for (const path of pages) await shoot(anonymous, path, `${name}-anon${slug(path)}`);
  const member = await newPage(browser, size);
  await member.goto(`${base}/login`);
  await member.fill('input[name=username]', 'ScreenshotAdmin');
  await member.selectOption('select[name=role]', 'admin');
  await member.click('button[type=submit]');
  await member.waitForURL(`${base}/`);
  for (const path of signedInPages) await shoot(member, path, `${name}-admin${slug(path)}`);
  await shoot(member, '/', `${name}-admin-friends-open`);
  await member.getByRole('button', { name: /^Friends/ }).click();
  await member.getByPlaceholder('Search users...').fill('bo');
  await member.waitForTimeout(900);
  await member.screenshot({ path: `${out}/${name}-admin-friends-search.png` });
}
await browser.close();
console.log(`screenshots written to ${out}/`);
