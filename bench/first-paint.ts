// The real first paint under Lighthouse's mobile conditions, next to its simulated one (bench:front-end): each page
// loaded in Chromium with the network held to slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up) and the CPU
// slowed 4x, as the signed-in bench member, in a fresh browser context each time. Prints each page's median first
// contentful paint, when its stylesheets and its last script arrived, over BENCH_LOADS loads (default 5). A
// diagnostic with no target of its own.
// Usage: npm run bench:first-paint
import { execSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { startBenchServer } from './lib';

const PAGES = ['/', '/leaderboard', '/store', '/bonus-hunts'];
const LOADS = Math.max(1, Number(process.env.BENCH_LOADS ?? 5));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

execSync('node scripts/build-if-stale.mjs', { stdio: 'inherit' });
const server = await startBenchServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  console.log(`\nFirst paint, slow 4G and a 4x slower CPU, median of ${LOADS} loads (ms after the navigation started)\n`);
  for (const path of PAGES) {
    const loads: { paint: number; stylesheets: number; scripts: number }[] = [];
    for (let load = 0; load < LOADS; load++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addCookies(server.cookie.split('; ').map((pair) => ({ name: pair.split('=')[0], value: pair.slice(pair.indexOf('=') + 1), url: server.base })));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${server.base}${path}`, { waitUntil: 'load' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      loads.push(
        // No named function inside: the page would not know tsx's helper that names it.
        await page.evaluate(() => {
          const ends = performance.getEntriesByType('resource').map((entry) => [entry.name, (entry as PerformanceResourceTiming).responseEnd] as const);
          return {
            paint: performance.getEntriesByName('first-contentful-paint')[0].startTime,
            stylesheets: Math.max(...ends.filter(([name]) => name.endsWith('.css')).map(([, end]) => end)),
            scripts: Math.max(...ends.filter(([name]) => name.endsWith('.js')).map(([, end]) => end)),
          };
        }),
      );
      await context.close();
    }
    const [paint, stylesheets, scripts] = (['paint', 'stylesheets', 'scripts'] as const).map((key) => Math.round(median(loads.map((load) => load[key]))));
    console.log(`${path.padEnd(14)} first contentful paint ${String(paint).padStart(5)}   stylesheets in ${String(stylesheets).padStart(5)}   last script in ${String(scripts).padStart(5)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
