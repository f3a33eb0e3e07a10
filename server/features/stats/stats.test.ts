import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';

describe('total given away', () => {
  const t = useTestApp();

  const total = async () => (await t.app.inject({ method: 'GET', url: '/api/r/stats/total-given-away' })).json();

  it('is $0.00 before anything is paid', async () => {
    expect(await total()).toEqual({ success: true, total: 0, formatted_total: '$0.00' });
  });

  it('sums the payouts actually recorded, in en-US dollars, once the cached figure is refreshed', async () => {
    const { stats } = t.app.services;
    await t.database.db.transaction().execute(async (trx) => {
      await stats.recordPayout(trx, { source: 'leaderboard', reference: 'period-1', amountCents: 1_234_567 });
      await stats.recordPayout(trx, { source: 'raffle', amountCents: 50 });
    });
    expect((await total()).total).toBe(0);
    await stats.refresh();
    expect(await total()).toEqual({ success: true, total: 12_346.17, formatted_total: '$12,346.17' });
  });

  it('refuses a payout that is not a positive number of cents', async () => {
    for (const amountCents of [0, -5, 1.5]) {
      await expect(
        t.database.db.transaction().execute((trx) => t.app.services.stats.recordPayout(trx, { source: 'test', amountCents })),
      ).rejects.toThrow(/positive number of cents/);
    }
  });
});
