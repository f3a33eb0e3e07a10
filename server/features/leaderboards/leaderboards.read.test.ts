import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedIn, TestClient } from '../../test/client';
import { ADMIN, addLeaderboard, createBoard, importWagers, names, readLeaderboard, setPrizes } from './leaderboards.testkit';

/** GET /api/r/leaderboard: spec 1 §3's response, §4's fallbacks, masking, XP, and the cache a write invalidates. */
describe('leaderboard read', () => {
  const t = useTestApp();
  let admin: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    admin = await signedIn(t.app, 'BoardKeeper', 'admin');
    visitor = new TestClient(t.app);
  });

  it('answers an empty board before any platform exists', async () => {
    const data = await readLeaderboard(visitor);
    expect(data).toMatchObject({ platforms: [], all_leaderboards: {}, top_three: [], rest_of_users: [], prizes: [], currency_symbol: '$', current_period: null, selected_platform: null, subsections: [] });
  });

  describe('with platforms', () => {
    let roo: Awaited<ReturnType<typeof createBoard>>;
    let shu: Awaited<ReturnType<typeof createBoard>>;
    let sportsPeriod: number;

    beforeAll(async () => {
      // Shown second (display order 2) but the default platform of the page.
      roo = await createBoard(admin, { name: 'Roobet', slug: 'roobet', display_order: 2, is_default: true });
      shu = await createBoard(admin, { name: 'Shuffle', slug: 'shuffle', display_order: 1, mask_names: false });
      sportsPeriod = (await addLeaderboard(admin, roo.platform.id, { leaderboard_type: 'sports_bet' })).periodId;
      await importWagers(admin, roo.periodId, [
        ['Jonathan', 5000],
        ['SpinQueen', 12_500.5],
        ['bob', 800],
        ['Alexandra', 800],
        ['Zed', 300.25],
        ['Idle', 0],
      ]);
      await setPrizes(admin, roo.leaderboardId, [1000, 500, 250, 100]);
      await importWagers(admin, shu.periodId, [
        ['HighRoller', 9000],
        ['LowRoller', 10],
      ]);
      await importWagers(admin, sportsPeriod, [['Bettor', 4200]]);
    });

    it('answers the spec shape, the default platform first selected', async () => {
      const data = await readLeaderboard(visitor);
      expect(data.selected_platform).toEqual({ slug: 'roobet' });
      expect(data.platforms.map((platform) => platform.slug)).toEqual(['shuffle', 'roobet']);
      const roobet = data.platforms.find((platform) => platform.slug === 'roobet')!;
      expect(roobet.leaderboards).toEqual([{ leaderboard_type: 'normal' }, { leaderboard_type: 'sports_bet' }]);
      expect(roobet.active_leaderboard).toEqual({ leaderboard_type: 'normal', current_period_end: roo.platform.leaderboards[0].current_period!.ends_at });
      expect(Object.keys(data.all_leaderboards).sort()).toEqual(['roobet', 'shuffle']);
      expect(data.leaderboard_type).toBe('normal');
      expect(data.subsections).toEqual([
        { leaderboard_type: 'normal', label: 'Normal' },
        { leaderboard_type: 'sports_bet', label: 'Sports Betting' },
      ]);
      expect(data.current_period).toEqual({ start: roo.platform.leaderboards[0].current_period!.starts_at, end: roo.platform.leaderboards[0].current_period!.ends_at });
      expect(data.currency_symbol).toBe('$');
      expect(data.prizes).toEqual([
        { position: 1, amount: 1000 },
        { position: 2, amount: 500 },
        { position: 3, amount: 250 },
        { position: 4, amount: 100 },
      ]);
    });

    it('ranks by wager (ties by name), podium then the table from rank 4, prizes by rank, no zero wagers, names masked', async () => {
      const data = await readLeaderboard(visitor, '?platform=roobet');
      expect(data.top_three).toEqual([
        { rank: 1, displayName: 'Sp***n', wagered: 12_500.5, prize: 1000 },
        { rank: 2, displayName: 'Jo***n', wagered: 5000, prize: 500 },
        { rank: 3, displayName: 'Al***a', wagered: 800, prize: 250 },
      ]);
      expect(data.rest_of_users).toEqual([
        { rank: 4, displayName: 'b***', wagered: 800, prize: 100 },
        { rank: 5, displayName: 'Z***', wagered: 300.25, prize: null },
      ]);
      expect(JSON.stringify(data)).not.toMatch(/Jonathan|SpinQueen|Alexandra/);
      expect(data.all_leaderboards.roobet.top_three).toEqual(data.top_three);
    });

    it('shows full names on a platform that does not mask them', async () => {
      const data = await readLeaderboard(visitor, '?platform=shuffle');
      expect(names(data.top_three)).toEqual(['HighRoller', 'LowRoller']);
      expect(data.rest_of_users).toEqual([]);
      expect(data.subsections).toEqual([{ leaderboard_type: 'normal', label: 'Normal' }]);
    });

    it('a type the platform has is shown; an unset or unavailable type falls back to the active one', async () => {
      const sports = await readLeaderboard(visitor, '?platform=roobet&leaderboard_type=sports_bet');
      expect(sports.leaderboard_type).toBe('sports_bet');
      expect(names(sports.top_three)).toEqual(['Be***r']);
      // all_leaderboards always holds each platform's active board.
      expect(sports.all_leaderboards.roobet.leaderboard_type).toBe('normal');
      const unavailable = await readLeaderboard(visitor, '?platform=shuffle&leaderboard_type=live_games');
      expect(unavailable.leaderboard_type).toBe('normal');
      expect(names(unavailable.top_three)).toEqual(['HighRoller', 'LowRoller']);
    });

    it('an unknown platform falls back to the default one', async () => {
      const data = await readLeaderboard(visitor, '?platform=nope');
      expect(data.selected_platform).toEqual({ slug: 'roobet' });
    });

    it('refuses a bad period or type with a clear 422 and answers no data', async () => {
      for (const query of ['?period=yesterday', '?leaderboard_type=poker', `?platform=${'x'.repeat(61)}`]) {
        const response = await visitor.get(`/api/r/leaderboard${query}`);
        expect(response.statusCode, query).toBe(422);
        expect(response.json().success).toBe(false);
        expect(response.json().message, query).toMatch(/current or the last period|normal, sports_bet or live_games|at most 60 characters/);
      }
    });

    it('period=last shows the finished period with its prizes; nothing before the first period ends', async () => {
      const before = await readLeaderboard(visitor, '?platform=shuffle&period=last');
      expect(before).toMatchObject({ period: 'last', top_three: [], current_period: null });
      expect((await admin.post(`${ADMIN}/leaderboards/${shu.leaderboardId}/end-period`)).statusCode).toBe(200);
      const last = await readLeaderboard(visitor, '?platform=shuffle&period=last');
      expect(names(last.top_three)).toEqual(['HighRoller', 'LowRoller']);
      expect(last.current_period?.start).toBe(shu.platform.leaderboards[0].current_period!.starts_at);
      const current = await readLeaderboard(visitor, '?platform=shuffle');
      expect(current.top_three).toEqual([]);
      expect(current.current_period!.start).toBe(last.current_period!.end);
    });

    it('is served from the cache, and a write to the standings shows at once', async () => {
      await readLeaderboard(visitor, '?platform=roobet');
      // Behind the app's back: the cached answer does not see it...
      await t.database.db.updateTable('wager_entries').set({ amount_cents: 99_999_900 }).where('username_key', '=', 'zed').execute();
      expect(names((await readLeaderboard(visitor, '?platform=roobet')).top_three)[0]).toBe('Sp***n');
      // ...a staff entry through the app invalidates it.
      expect((await admin.post(`${ADMIN}/leaderboard-periods/${roo.periodId}/entries`, { username: 'Newcomer', wagered: 1 })).statusCode).toBe(200);
      const after = await readLeaderboard(visitor, '?platform=roobet');
      expect(names(after.top_three)[0]).toBe('Z***');
      expect(after.rest_of_users.map((entry) => entry.displayName)).toContain('Ne***r');
    });

    it('an XP platform says so in every place its amounts appear', async () => {
      const xp = await createBoard(admin, { name: 'Packdraw', slug: 'packdraw', amount_format: 'xp', currency_symbol: 'XP' });
      await importWagers(admin, xp.periodId, [['XpHunter', 1234]]);
      const data = await readLeaderboard(visitor, '?platform=packdraw');
      expect(data).toMatchObject({ amount_format: 'xp', currency_symbol: 'XP' });
      expect(data.platforms.find((platform) => platform.slug === 'packdraw')?.amount_format).toBe('xp');
      expect(data.all_leaderboards.packdraw.amount_format).toBe('xp');
      expect(data.all_leaderboards.roobet.amount_format).toBe('currency');
    });

    it('hidden platforms and switched-off leaderboards are not shown', async () => {
      const hidden = await createBoard(admin, { name: 'Hidden', slug: 'hidden', is_active: false });
      await importWagers(admin, hidden.periodId, [['Ghost', 1]]);
      const data = await readLeaderboard(visitor, '?platform=hidden');
      expect(data.selected_platform).toEqual({ slug: 'roobet' });
      expect(data.platforms.map((platform) => platform.slug)).not.toContain('hidden');
      const roobet = (await readLeaderboard(visitor)).platforms.find((platform) => platform.slug === 'roobet')!;
      const sports = roobet.leaderboards.length;
      const board = roo.platform.id;
      const sportsBoard = (await admin.get(`${ADMIN}/leaderboards/platforms`)).json().data.find((p: { id: number }) => p.id === board).leaderboards.find((l: { leaderboard_type: string }) => l.leaderboard_type === 'sports_bet');
      expect((await admin.put(`${ADMIN}/leaderboards/${sportsBoard.id}`, { period_length: 'weekly', is_active: false })).statusCode).toBe(200);
      const after = (await readLeaderboard(visitor)).platforms.find((platform) => platform.slug === 'roobet')!;
      expect(after.leaderboards).toHaveLength(sports - 1);
    });
  });
});
