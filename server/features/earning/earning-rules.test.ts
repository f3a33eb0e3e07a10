import { beforeAll, describe, expect, it } from 'vitest';
import type { EarningRules } from '../../../common/contracts/earning';
import { ADMIN_API_PREFIX } from '../../platform/admin';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient } from '../../test/client';
import { DEFAULT_EARNING_RULES } from './earning-rules.service';

const RULES = `${ADMIN_API_PREFIX}/earning-rules`;
const KICK_NAME = 'Kick names use letters, numbers, - and _ (at most 40).';

/** The defaults with some fields replaced (a deep copy, so tests cannot change the defaults). */
function rulesWith(change: (rules: EarningRules) => void): EarningRules {
  const rules = structuredClone(DEFAULT_EARNING_RULES);
  change(rules);
  return rules;
}

describe('earning rules (admin)', () => {
  const t = useTestApp();
  let admin: TestClient;
  let moderator: TestClient;
  const current = async () => {
    const response = await admin.get(RULES);
    expect(response.statusCode).toBe(200);
    return response.json().data as EarningRules;
  };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'RulesAdmin', 'admin');
    moderator = await signedIn(t.app, 'RulesModerator', 'moderator');
  });

  it('staff read the defaults before anything is saved; members and visitors are refused', async () => {
    for (const staff of [admin, moderator]) {
      const response = await staff.get(RULES);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: DEFAULT_EARNING_RULES });
    }
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    for (const client of [await signedIn(t.app, 'RulesPeeker'), await signedIn(t.app, 'RulesVip', 'vip'), visitor]) {
      const read = await client.get(RULES);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ success: false, message: 'Staff access required.' });
      const write = await client.put(RULES, rulesWith((r) => (r.daily_cap = 1)));
      expect(write.statusCode).toBe(403);
    }
    expect(await current()).toEqual(DEFAULT_EARNING_RULES);
  });

  it('an admin saves rules, they are read back and take effect at once; a moderator cannot change them', async () => {
    const wanted = rulesWith((r) => {
      r.time_zone = 'Europe/London';
      r.daily_cap = 750;
      r.chat = { enabled: false, points: 3, xp: 2, interval_minutes: 10, active_minutes: 30 };
      r.daily_bonus = { enabled: true, points: 75, xp: 40, streak_step: 5, max_points: 90 };
      r.ignored_kick_accounts = ['Nightbot'];
    });
    const m = await signedInMember(t.app, 'RulesWatcher');
    expect((await m.client.get('/api/r/points/daily')).json().data.next_reward).toBe(DEFAULT_EARNING_RULES.daily_bonus.points);

    const saved = await admin.put(RULES, wanted);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, message: 'Earning rules saved.', data: wanted });
    expect(await current()).toEqual(wanted);
    expect((await moderator.get(RULES)).json().data).toEqual(wanted);
    expect((await m.client.get('/api/r/points/daily')).json().data.next_reward).toBe(75);
    expect((await m.client.post('/api/r/points/daily', {})).json()).toMatchObject({ points_awarded: 75, xp_awarded: 40 });

    const refused = await moderator.put(RULES, rulesWith((r) => (r.daily_bonus.points = 100_000)));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: 'Only admins can do that.' });
    expect(await current()).toEqual(wanted);

    const restored = await admin.put(RULES, DEFAULT_EARNING_RULES);
    expect(restored.json().data).toEqual(DEFAULT_EARNING_RULES);
  });

  it.each<[string, (r: EarningRules) => void, string, string]>([
    ['an unknown time zone', (r) => (r.time_zone = 'Mars/Base'), 'time_zone', 'Enter a time zone such as UTC or Europe/London.'],
    ['an empty time zone', (r) => (r.time_zone = ' '), 'time_zone', 'Enter a time zone such as UTC or Europe/London.'],
    ['negative points', (r) => (r.follow.points = -1), 'follow.points', 'Must be 0 or more.'],
    ['fractional points', (r) => (r.subscription.points = 12.5), 'subscription.points', 'Enter a whole number.'],
    ['points as text', (r) => ((r.daily_bonus as { points: unknown }).points = '50'), 'daily_bonus.points', 'Enter a whole number.'],
    ['a negative daily cap', (r) => (r.daily_cap = -5), 'daily_cap', 'Must be 0 or more.'],
    ['fractional XP', (r) => (r.gifted_subscription.xp = 0.1), 'gifted_subscription.xp', 'Enter a whole number.'],
    ['a 0-minute interval', (r) => (r.chat.interval_minutes = 0), 'chat.interval_minutes', 'At least 1 minute.'],
    ['a 61-minute interval', (r) => Object.assign(r.chat, { interval_minutes: 61, active_minutes: 120 }), 'chat.interval_minutes', 'At most 60 minutes.'],
    ['active minutes shorter than the interval', (r) => Object.assign(r.chat, { interval_minutes: 10, active_minutes: 5 }), 'chat.active_minutes', 'Must be at least the interval.'],
    ['a VIP multiplier below 1', (r) => (r.multipliers.vip = 0.5), 'multipliers.vip', 'At least 1 (no bonus).'],
    ['a subscriber multiplier above 10', (r) => (r.multipliers.subscriber = 11), 'multipliers.subscriber', 'At most 10.'],
    ['an ignored name with a space', (r) => (r.ignored_kick_accounts = ['ok_name', 'bad name']), 'ignored_kick_accounts.1', KICK_NAME],
    ['an ignored name of 41 characters', (r) => (r.ignored_kick_accounts = ['a'.repeat(41)]), 'ignored_kick_accounts.0', KICK_NAME],
    ['an empty ignored name', (r) => (r.ignored_kick_accounts = ['  ']), 'ignored_kick_accounts.0', KICK_NAME],
    ['201 ignored accounts', (r) => (r.ignored_kick_accounts = Array.from({ length: 201 }, (_, i) => `bot_${i}`)), 'ignored_kick_accounts', 'At most 200 accounts.'],
  ])('refuses %s with 422 naming the field, and saves nothing', async (_name, change, field, message) => {
    const before = await current();
    const response = await admin.put(RULES, rulesWith(change));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(response.json().errors[field]).toEqual([message]);
    expect(await current()).toEqual(before);
  });

  it('refuses rules with missing fields (422 naming each) and saves nothing', async () => {
    const before = await current();
    const { daily_bonus: _bonus, ...withoutBonus } = DEFAULT_EARNING_RULES;
    const { xp: _xp, ...chatWithoutXp } = DEFAULT_EARNING_RULES.chat;
    const cases: [unknown, string][] = [
      [withoutBonus, 'daily_bonus'],
      [{ ...DEFAULT_EARNING_RULES, chat: chatWithoutXp }, 'chat.xp'],
      [{ ...DEFAULT_EARNING_RULES, time_zone: undefined }, 'time_zone'],
      [{ ...DEFAULT_EARNING_RULES, multipliers: { vip: 1.5 } }, 'multipliers.subscriber'],
      [{ ...DEFAULT_EARNING_RULES, follow: { points: 1, xp: 1 } }, 'follow.enabled'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.put(RULES, body);
      expect(response.statusCode, field).toBe(422);
      expect(response.json().success, field).toBe(false);
      expect(Object.keys(response.json().errors), field).toEqual([field]);
      expect(response.json().errors[field][0], field).toEqual(expect.any(String));
    }
    const empty = await admin.put(RULES, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(Object.keys(DEFAULT_EARNING_RULES).sort());
    expect(await current()).toEqual(before);
  });

  it('stores each ignored account once whatever its case, trims names, and rounds multipliers to 2 decimals', async () => {
    const saved = await admin.put(
      RULES,
      rulesWith((r) => {
        r.ignored_kick_accounts = ['BotRix', 'botrix', ' Spacey_Bot ', 'BOTRIX', 'spacey_bot', 'Other-One'];
        r.multipliers = { vip: 1.234, subscriber: 2.999 };
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const data = saved.json().data as EarningRules;
    expect(data.ignored_kick_accounts).toHaveLength(3);
    expect(data.ignored_kick_accounts).toEqual(['BotRix', 'Spacey_Bot', 'Other-One']);
    expect(data.multipliers).toEqual({ vip: 1.23, subscriber: 3 });
    expect(await current()).toEqual(data);
    // What is stored is what is served: the saved row itself holds the tidy values.
    const row = await t.database.db.selectFrom('site_settings').select('value').where('key', '=', 'earning_rules').executeTakeFirstOrThrow();
    expect(JSON.parse(row.value)).toMatchObject({ ignored_kick_accounts: data.ignored_kick_accounts, multipliers: { vip: 1.23, subscriber: 3 } });

    // A full list of 200 distinct names is allowed.
    const many = Array.from({ length: 200 }, (_, i) => `bot_${i}`);
    const full = await admin.put(RULES, rulesWith((r) => (r.ignored_kick_accounts = many)));
    expect(full.statusCode).toBe(200);
    expect(full.json().data.ignored_kick_accounts).toEqual(many);
  });
});
