import { beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_REASON_LABELS, type EarningRulesInput } from '../../../common/contracts/earning';
import { ADMIN_API_PREFIX } from '../../platform/admin';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient } from '../../test/client';

const HISTORY = '/api/r/points/history';
const LEDGER = `${ADMIN_API_PREFIX}/points/ledger`;
const CSV_HEADER = 'id,created_at,member_id,member,delta,balance_after,reason,reference,note,actor';
const STAFF_ONLY = { success: false, message: 'Staff access required.' };

/** A clock the test moves by hand (features meet only through services, so earning.testkit is not imported). */
function manualClock(start: string) {
  let at = new Date(start);
  return {
    now: () => at,
    set: (iso: string) => (at = new Date(iso)),
    advance: (ms: number) => (at = new Date(at.getTime() + ms)),
  };
}

describe('points history and the staff ledger', () => {
  const clock = manualClock('2026-11-09T12:00:00.000Z');
  const t = useTestApp({ now: clock.now });
  let admin: TestClient;
  const db = () => t.database.db;
  const apply = (userId: number, delta: number, reason: string, note: string | null = null, reference: string | null = null) =>
    t.app.services.points.apply({ userId, delta, reason, note, reference });
  const ledgerRows = (userId: number) =>
    db().selectFrom('points_ledger').select(['id', 'delta', 'balance_after', 'reason', 'note', 'created_at']).where('user_id', '=', userId).orderBy('id', 'desc').execute();
  const ledger = async (query: string) => {
    const response = await admin.get(`${LEDGER}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const notesOf = async (query: string) => (await ledger(query)).data.map((entry: { note: string }) => entry.note);
  const csvLines = (body: string) => {
    expect(body.endsWith('\r\n')).toBe(true);
    return body.slice(0, -2).split('\r\n');
  };

  /** The site's time zone, through the admin API (the rules the ledger filters read). */
  const setTimeZone = async (time_zone: string) => {
    const rules: EarningRulesInput = (await admin.get(`${ADMIN_API_PREFIX}/earning-rules`)).json().data;
    expect((await admin.put(`${ADMIN_API_PREFIX}/earning-rules`, { ...rules, time_zone })).statusCode).toBe(200);
  };

  beforeAll(async () => {
    admin = await signedIn(t.app, 'LedgerBoss', 'admin');
  });

  it("a member pages through their own history, newest first with labels, and never sees anyone else's", async () => {
    clock.set('2026-11-09T12:00:00.000Z');
    const hana = await signedInMember(t.app, 'HistHana');
    const otto = await signedInMember(t.app, 'HistOtto');
    const reasons = ['admin_adjustment', 'chat_activity', 'store_refund', 'mystery_prize'];
    for (let index = 0; index < 23; index++) {
      clock.advance(60_000);
      await apply(hana.id, index + 1, reasons[index % 4], `Hana entry ${index + 1}`);
      if (index % 10 === 0) await apply(otto.id, 1000, 'admin_adjustment', `Otto secret ${index}`);
    }
    const expected = (await ledgerRows(hana.id)).map((row) => ({ ...row, label: LEDGER_REASON_LABELS[row.reason] ?? 'Mystery prize' }));
    expect(expected).toHaveLength(23);

    const first = await hana.client.get(HISTORY);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ success: true, data: expected.slice(0, 20), meta: { page: 1, per_page: 20, total: 23 } });
    expect(first.json().data[0]).toMatchObject({ delta: 23, balance_after: 276, reason: 'store_refund', label: 'Store refund', note: 'Hana entry 23' });
    expect(first.json().data.map((entry: { label: string }) => entry.label).slice(0, 4)).toEqual(['Store refund', 'Chat activity', 'Adjusted by staff', 'Mystery prize']);
    const second = (await hana.client.get(`${HISTORY}?page=2`)).json();
    expect(second).toEqual({ success: true, data: expected.slice(20), meta: { page: 2, per_page: 20, total: 23 } });
    expect((await hana.client.get(`${HISTORY}?page=3`)).json()).toMatchObject({ data: [], meta: { page: 3, total: 23 } });

    // Asking for someone else's history is not a thing: extra parameters change nothing.
    const sneaky = await hana.client.get(`${HISTORY}?user_id=${otto.id}&member=HistOtto`);
    expect(sneaky.json().data).toEqual(expected.slice(0, 20));
    expect(sneaky.body).not.toContain('Otto secret');
    const ottos = (await otto.client.get(HISTORY)).json();
    expect(ottos.meta.total).toBe(3);
    expect(ottos.data.every((entry: { note: string }) => entry.note.startsWith('Otto secret'))).toBe(true);
  });

  it('refuses bad pages with 422 and visitors with 401', async () => {
    const member = await signedIn(t.app, 'PagePaula');
    for (const [page, message] of [
      ['0', 'Page must be 1 or more.'],
      ['-1', 'Page must be 1 or more.'],
      ['abc', 'Page must be a whole number.'],
      ['1.5', 'Page must be a whole number.'],
      ['99999999', 'Page can be at most 100,000.'],
    ]) {
      const response = await member.get(`${HISTORY}?page=${page}`);
      expect(response.statusCode, page).toBe(422);
      expect(response.json(), page).toMatchObject({ success: false, message, errors: { page: [message] } });
    }
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    const response = await visitor.get(HISTORY);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'You need to be signed in to do that.' });
  });

  it('staff filter by member (case-insensitive, LIKE wildcards literal) and by reason; entries carry member, actor and label', async () => {
    clock.set('2026-11-09T13:00:00.000Z');
    const lou = await signedInMember(t.app, 'Ledger_Lou');
    const xlou = await signedInMember(t.app, 'LedgerXLou');
    await admin.post(`${ADMIN_API_PREFIX}/members/${lou.id}/points`, { delta: 40, reason: 'Lou quiz prize' });
    await apply(lou.id, 5, 'store_refund', 'Lou refund');
    await apply(xlou.id, 7, 'chat_activity', 'XLou chat');

    const lous = await ledger('member=LEDGER_LOU');
    expect(lous.meta).toEqual({ page: 1, per_page: 50, total: 2 });
    const adminId = (await admin.get('/api/r/session')).json().user.id;
    expect(lous.data).toEqual([
      expect.objectContaining({ member: { id: lou.id, username: 'Ledger_Lou' }, delta: 5, reason: 'store_refund', label: 'Store refund', actor: null, note: 'Lou refund' }),
      expect.objectContaining({ member: { id: lou.id, username: 'Ledger_Lou' }, delta: 40, balance_after: 40, reason: 'admin_adjustment', label: 'Adjusted by staff', actor: { id: adminId, username: 'LedgerBoss' } }),
    ]);
    expect(await notesOf('member=r_l')).toEqual(['Lou refund', 'Lou quiz prize']);
    expect(await notesOf('member=ledgerx')).toEqual(['XLou chat']);
    const underscored = (await ledger('member=_')).data.map((entry: { member: { username: string } }) => entry.member.username);
    expect(new Set(underscored)).toEqual(new Set(['Ledger_Lou']));
    for (const hostile of ['%', '%%', '\\', "'", 'x%y']) {
      const response = await ledger(`member=${encodeURIComponent(hostile)}`);
      expect(response.data, hostile).toEqual([]);
      expect(response.meta.total, hostile).toBe(0);
    }

    const refunds = await ledger('reason=store_refund');
    const refundCount = await db().selectFrom('points_ledger').select('id').where('reason', '=', 'store_refund').execute();
    expect(refunds.meta.total).toBe(refundCount.length);
    expect(refunds.data.every((entry: { reason: string }) => entry.reason === 'store_refund')).toBe(true);
    expect(await notesOf('reason=store_refund&member=lou')).toEqual(['Lou refund']);
    const badReason = await admin.get(`${LEDGER}?reason=${encodeURIComponent('Robbery!')}`);
    expect(badReason.statusCode).toBe(422);
    expect(badReason.json().errors.reason).toEqual(['Choose a reason from the list.']);

    const distinct = await db().selectFrom('points_ledger').select('reason').distinct().orderBy('reason').execute();
    expect(lous.reasons).toEqual(distinct.map(({ reason }) => ({ value: reason, label: LEDGER_REASON_LABELS[reason] ?? 'Mystery prize' })));
    expect(lous.reasons).toEqual(
      expect.arrayContaining([{ value: 'mystery_prize', label: 'Mystery prize' }, { value: 'store_refund', label: 'Store refund' }, { value: 'chat_activity', label: 'Chat activity' }]),
    );
  });

  it("from/to are whole days (both included) in the rules' time zone; from after to is refused", async () => {
    clock.set('2026-11-09T14:00:00.000Z');
    const mia = await signedInMember(t.app, 'MidnightMia');
    for (const at of ['2026-11-09T14:59:59.000Z', '2026-11-09T15:00:00.000Z', '2026-11-10T14:59:59.999Z', '2026-11-10T15:00:00.000Z']) {
      clock.set(at);
      await apply(mia.id, 1, 'chat_activity', at);
    }
    clock.set('2026-11-11T12:00:00.000Z');
    await setTimeZone('Asia/Tokyo');
    // Tokyo is 9 hours ahead: its 10 November runs from 15:00 UTC on the 9th to 15:00 UTC on the 10th.
    expect(await notesOf('member=midnightmia&from=2026-11-10&to=2026-11-10')).toEqual(['2026-11-10T14:59:59.999Z', '2026-11-09T15:00:00.000Z']);
    expect(await notesOf('member=midnightmia&from=2026-11-10')).toEqual(['2026-11-10T15:00:00.000Z', '2026-11-10T14:59:59.999Z', '2026-11-09T15:00:00.000Z']);
    expect(await notesOf('member=midnightmia&to=2026-11-09')).toEqual(['2026-11-09T14:59:59.000Z']);
    expect(await notesOf('member=midnightmia&from=2026-11-11&to=2026-11-11')).toEqual(['2026-11-10T15:00:00.000Z']);
    const csv = await admin.get(`${LEDGER}.csv?member=midnightmia&from=2026-11-10&to=2026-11-10`);
    expect(csvLines(csv.body).slice(1).map((line) => line.split(',')[1])).toEqual(['2026-11-10T14:59:59.999Z', '2026-11-09T15:00:00.000Z']);

    await setTimeZone('UTC');
    expect(await notesOf('member=midnightmia&from=2026-11-10&to=2026-11-10')).toEqual(['2026-11-10T15:00:00.000Z', '2026-11-10T14:59:59.999Z']);

    const backwards = await admin.get(`${LEDGER}?from=2026-11-11&to=2026-11-10`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toMatchObject({ success: false, message: 'Must be on or after the start date.', errors: { to: ['Must be on or after the start date.'] } });
    expect((await admin.get(`${LEDGER}.csv?from=2026-11-11&to=2026-11-10`)).statusCode).toBe(422);
    for (const [query, field, message] of [
      ['from=2026-13-01', 'from', 'Use a real date.'],
      ['from=2026-02-31', 'from', 'Use a real date.'],
      ['to=2025-02-29', 'to', 'Use a real date.'],
      ['to=10%2F11%2F2026', 'to', 'Use a date such as 2026-11-22.'],
      ['page=0', 'page', 'Page must be 1 or more.'],
    ]) {
      const response = await admin.get(`${LEDGER}?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[field][0], query).toBe(message);
    }
    expect((await admin.get(`${LEDGER}?from=2028-02-29&to=2028-02-29`)).statusCode, 'a leap day is a real date').toBe(200);
  });

  it('only staff see the ledger and its export: moderators yes; members, VIPs and visitors get 403', async () => {
    const moderator = await signedIn(t.app, 'LedgerMod', 'moderator');
    expect((await moderator.get(LEDGER)).statusCode).toBe(200);
    expect((await moderator.get(`${LEDGER}.csv`)).statusCode).toBe(200);
    const visitor = new TestClient(t.app);
    await visitor.page('/');
    for (const client of [await signedIn(t.app, 'LedgerPeeker'), await signedIn(t.app, 'LedgerVip', 'vip'), visitor]) {
      for (const url of [LEDGER, `${LEDGER}?member=lou`, `${LEDGER}.csv`]) {
        const response = await client.get(url);
        expect(response.statusCode, url).toBe(403);
        expect(response.json(), url).toEqual(STAFF_ONLY);
        expect(response.body, url).not.toContain('Lou');
      }
    }
  });

  it('exports the filtered ledger as CSV: header, CRLF, quoting, and formula cells defused', async () => {
    clock.set('2026-11-12T10:00:00.000Z');
    const mo = await signedInMember(t.app, '-MinusMo');
    const adminId = (await admin.get('/api/r/session')).json().user.id;
    const notes = ['Said "hi", then\nleft', '=SUM(A1:A9)', '+1 bonus', '@admin', '-5 fix', '=HYPERLINK("x")', 'Plain note', null];
    for (const note of notes) {
      clock.advance(1000);
      await apply(mo.id, 10, 'admin_adjustment', note, note === null ? null : 'ref,with comma');
    }
    clock.advance(1000);
    await t.app.services.points.apply({ userId: mo.id, delta: -5, reason: 'store_redemption', reference: 'store_redemption:9', note: 'Cap', actorId: adminId });

    const response = await admin.get(`${LEDGER}.csv?member=minusmo`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="points-ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await db().selectFrom('points_ledger').select(['id', 'created_at']).where('user_id', '=', mo.id).orderBy('id', 'desc').execute();
    const at = (index: number) => `${rows[index].id},${rows[index].created_at},${mo.id},'-MinusMo`;
    expect(csvLines(response.body)).toEqual([
      CSV_HEADER,
      `${at(0)},-5,75,store_redemption,store_redemption:9,Cap,LedgerBoss`,
      `${at(1)},10,80,admin_adjustment,,,`,
      `${at(2)},10,70,admin_adjustment,"ref,with comma",Plain note,`,
      `${at(3)},10,60,admin_adjustment,"ref,with comma","'=HYPERLINK(""x"")",`,
      `${at(4)},10,50,admin_adjustment,"ref,with comma",'-5 fix,`,
      `${at(5)},10,40,admin_adjustment,"ref,with comma",'@admin,`,
      `${at(6)},10,30,admin_adjustment,"ref,with comma",'+1 bonus,`,
      `${at(7)},10,20,admin_adjustment,"ref,with comma",'=SUM(A1:A9),`,
      `${at(8)},10,10,admin_adjustment,"ref,with comma","Said ""hi"", then\nleft",`,
    ]);
    const onlyRedemptions = csvLines((await admin.get(`${LEDGER}.csv?member=minusmo&reason=store_redemption`)).body);
    expect(onlyRedemptions).toEqual([CSV_HEADER, `${at(0)},-5,75,store_redemption,store_redemption:9,Cap,LedgerBoss`]);
    expect(csvLines((await admin.get(`${LEDGER}.csv?member=nobody.here`)).body)).toEqual([CSV_HEADER]);
  });

  it('exports every row of a ledger larger than one batch (1,000), each once, newest first', { timeout: 60_000 }, async () => {
    clock.set('2026-11-12T11:00:00.000Z');
    const bulk = await signedInMember(t.app, 'BulkBen');
    const count = 1205;
    await db().transaction().execute(async (trx) => {
      for (let index = 1; index <= count; index++) {
        await t.app.services.points.change(trx, { userId: bulk.id, delta: 1, reason: 'chat_activity', note: `Bulk ${index}` });
      }
    });
    const ids = (await ledgerRows(bulk.id)).map((row) => row.id);
    expect(ids).toHaveLength(count);

    const lines = csvLines((await admin.get(`${LEDGER}.csv?member=bulkben`)).body);
    expect(lines[0]).toBe(CSV_HEADER);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(ids);
    expect(lines[1].split(',').slice(4, 9)).toEqual(['1', String(count), 'chat_activity', '', `Bulk ${count}`]);
    expect(lines.at(-1)?.split(',').slice(4, 9)).toEqual(['1', '1', 'chat_activity', '', 'Bulk 1']);

    const page = await ledger('member=bulkben&page=25');
    expect(page.meta).toEqual({ page: 25, per_page: 50, total: count });
    expect(page.data.map((entry: { id: number }) => entry.id)).toEqual(ids.slice(1200));
  });
});
