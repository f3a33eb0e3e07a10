import { beforeAll, describe, expect, it } from 'vitest';
import { raffleDetailResponseSchema, raffleEntriesResponseSchema } from '../../../common/contracts/raffles';
import { drawPicks, entryListHash, seedCommitment, verifyDraw } from '../../../common/raffle-draw';
import { useTestApp } from '../../test/app';
import { signedIn, signedInMember, TestClient, type SignedInMember } from '../../test/client';
import { RAFFLE_DRAW_MESSAGES } from './raffle-draws.service';
import { act, createByApi, enter, RAFFLES, raffleOf, raffleSnapshot } from './raffles-admin.testkit';

/** Closing, drawing, redrawing and announcing (decision 019; README "How a raffle draw can be verified"). */
describe('raffle draws', () => {
  const t = useTestApp();
  const db = () => t.database.db;
  let staff: TestClient;
  const members: SignedInMember[] = [];

  const publicDetail = async (id: number) => raffleDetailResponseSchema.parse((await new TestClient(t.app).get(`/api/r/raffles/${id}`)).json()).data;
  const publicEntries = async (id: number) => raffleEntriesResponseSchema.parse((await new TestClient(t.app).get(`/api/r/raffles/${id}/entries`)).json()).data;
  const storedEntries = (raffleId: number) => db().selectFrom('raffle_entries').select(['id', 'user_id']).where('raffle_id', '=', raffleId).orderBy('id').execute();
  const seedOf = async (raffleId: number) => (await db().selectFrom('raffles').select('seed').where('id', '=', raffleId).executeTakeFirstOrThrow()).seed;
  const notificationsOf = async (member: SignedInMember) => (await member.client.get('/api/notifications')).json() as { type: string; data: { message: string; link: string } }[];

  /** A raffle entered by the first `count` members (member i buys i + 1 points entries, so chances differ). */
  async function enteredRaffle(count: number, input: Record<string, unknown> = {}) {
    const raffle = await createByApi(staff, { title: 'Draw me', allow_points_entry: true, points_per_entry: 10, ...input });
    for (const [index, member] of members.slice(0, count).entries()) await enter(member.client, raffle.id, { entry_type: 'points', points_spent: 10 * (index + 1) });
    return raffle;
  }

  /** Refused with `status` and `message`, changing nothing. */
  async function refused(call: () => Promise<{ statusCode: number; json(): unknown }>, status: number, message: string) {
    const before = await raffleSnapshot(t);
    const response = await call();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(await raffleSnapshot(t)).toEqual(before);
  }

  beforeAll(async () => {
    staff = await signedIn(t.app, 'DrawMaster', 'moderator');
    for (const name of ['Ava', 'Ben', 'Cal', 'Dee', 'Eli']) {
      const member = await signedInMember(t.app, `${name}Draws`);
      await t.app.services.points.apply({ userId: member.id, delta: 10_000, reason: 'test' });
      members.push(member);
    }
  });

  it('closes entries once: the list is frozen, its hash published, and later entries are refused', async () => {
    const raffle = await enteredRaffle(3, { allow_passwordless_entry: true });
    const closed = raffleOf(await act(staff, raffle.id, 'close'));
    expect(closed).toMatchObject({ status: 'closed', has_ended: true, is_accepting_entries: false, total_entries: 6, drawn_at: null, picks: [] });
    expect(closed.entries_closed_at).not.toBeNull();
    expect(closed.entries_hash).toBe(await entryListHash(await storedEntries(raffle.id)));
    expect((await publicDetail(raffle.id)).draw).toMatchObject({ entries_hash: closed.entries_hash, seed: null, picks: [] });
    await refused(() => act(staff, raffle.id, 'close'), 409, RAFFLE_DRAW_MESSAGES.alreadyClosed);
    await refused(() => members[4].client.post(`/api/r/raffles/${raffle.id}/enter`, { entry_type: 'passwordless' }), 409, 'This raffle is not accepting entries');
  });

  it('runs the commitment scheme end to end: anyone can check the revealed seed, the entry list and the winners', async () => {
    const raffle = await enteredRaffle(5, { winners_count: 2 });
    const closed = raffleOf(await act(staff, raffle.id, 'close'));
    // One entry changed after the close (another member, or an entry slipped in) no longer matches the published hash.
    const frozen = await storedEntries(raffle.id);
    const tampered = frozen.map((entry, index) => (index === 3 ? { ...entry, user_id: members[0].id } : entry));
    expect(await entryListHash(frozen)).toBe(closed.entries_hash);
    expect(await entryListHash(tampered)).not.toBe(closed.entries_hash);
    expect(await entryListHash([...frozen, { id: frozen.at(-1)!.id + 1, user_id: members[0].id }])).not.toBe(closed.entries_hash);

    const drawn = raffleOf(await act(staff, raffle.id, 'draw'));
    expect(drawn.status).toBe('drawn');
    expect(drawn.picks.map((pick) => pick.position)).toEqual([1, 2]);
    expect(new Set(drawn.picks.map((pick) => pick.user.id)).size).toBe(2);
    // Before the announcement the public sees neither the picks nor the seed.
    const hidden = await publicDetail(raffle.id);
    expect(hidden.winners).toEqual([]);
    expect(hidden.draw).toMatchObject({ seed: null, picks: [], announced_at: null });

    expect(raffleOf(await act(staff, raffle.id, 'announce')).status).toBe('announced');
    const shown = await publicDetail(raffle.id);
    expect(shown.draw.seed).toBe(await seedOf(raffle.id));
    expect(await seedCommitment(shown.draw.seed!)).toBe(shown.draw.seed_hash);
    expect(shown.draw.seed_hash).toBe(raffle.seed_hash);
    expect(shown.winners.map((winner) => winner.user_id)).toEqual(drawn.picks.map((pick) => pick.user.id));
    const entries = (await publicEntries(raffle.id)).map((entry) => ({ id: entry.id, user_id: entry.user.id }));
    const verdict = await verifyDraw({
      seed: shown.draw.seed!, seedHash: shown.draw.seed_hash, raffleId: raffle.id, entriesHash: shown.draw.entries_hash!, entries,
      picks: shown.draw.picks.map((pick) => ({ entry_id: pick.entry_id, user_id: pick.user.id })),
    });
    expect(verdict).toMatchObject({ seedMatches: true, entriesMatch: true, picksMatch: true, verified: true });
    // A different seed (a draw that was not the committed one) fails the check.
    expect((await verifyDraw({ seed: '0'.repeat(64), seedHash: shown.draw.seed_hash, raffleId: raffle.id, entriesHash: shown.draw.entries_hash!, entries, picks: verdict.picks })).verified).toBe(false);
  });

  it('draws from open entries by closing them in the same step, and refuses an empty or second draw', async () => {
    const empty = await createByApi(staff, { title: 'Nobody entered' });
    await refused(() => act(staff, empty.id, 'draw'), 409, RAFFLE_DRAW_MESSAGES.noEntries);
    expect(raffleOf(await staff.get(`${RAFFLES}/${empty.id}`)).status).toBe('open');

    const raffle = await enteredRaffle(2, { winners_count: 5 });
    const drawn = raffleOf(await act(staff, raffle.id, 'draw'));
    expect(drawn.entries_hash).toBe(await entryListHash(await storedEntries(raffle.id)));
    expect(drawn.entries_closed_at).toBe(drawn.drawn_at);
    // More winners wanted than members entered: every member wins once.
    expect(drawn.picks.map((pick) => pick.user.id).sort()).toEqual([members[0].id, members[1].id].sort());
    await refused(() => act(staff, raffle.id, 'draw'), 409, RAFFLE_DRAW_MESSAGES.alreadyDrawn);
    await refused(() => act(staff, raffle.id, 'close'), 409, RAFFLE_DRAW_MESSAGES.alreadyClosed);
  });

  it('redraws a winner with the next pick of the same stream, keeping the replaced pick and its reason', async () => {
    const raffle = await enteredRaffle(4, { winners_count: 2 });
    await refused(() => act(staff, raffle.id, 'redraw', { position: 1, reason: 'No reply' }), 409, RAFFLE_DRAW_MESSAGES.notDrawn);
    raffleOf(await act(staff, raffle.id, 'draw'));
    const expected = await drawPicks({ seed: await seedOf(raffle.id), raffleId: raffle.id, entriesHash: (await publicDetail(raffle.id)).draw.entries_hash!, entries: await storedEntries(raffle.id), picks: 4 });

    const once = raffleOf(await act(staff, raffle.id, 'redraw', { position: 1, reason: '  Did not claim within 48 hours  ' }));
    expect(once.picks.map((pick) => [pick.position, pick.entry_id, pick.user.id, pick.replace_reason])).toEqual([
      [1, expected[0].entry_id, expected[0].user_id, 'Did not claim within 48 hours'],
      [2, expected[1].entry_id, expected[1].user_id, null],
      [3, expected[2].entry_id, expected[2].user_id, null],
    ]);
    expect(once.picks[0].replaced_at).not.toBeNull();

    for (const [body, field] of [[{ position: 0, reason: 'Gone' }, 'position'], [{ position: 'one', reason: 'Gone' }, 'position'], [{ position: 2 }, 'reason'], [{ position: 2, reason: ' a ' }, 'reason'], [{ position: 9, reason: 'Gone' }, 'position']] as const) {
      const before = await raffleSnapshot(t);
      const response = await act(staff, raffle.id, 'redraw', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors, JSON.stringify(body)).toHaveProperty(field);
      expect(await raffleSnapshot(t)).toEqual(before);
    }
    await refused(() => act(staff, raffle.id, 'redraw', { position: 1, reason: 'Again' }), 409, RAFFLE_DRAW_MESSAGES.alreadyReplaced);

    // A redrawn winner can be replaced too; when every member has been drawn there is nobody left.
    const twice = raffleOf(await act(staff, raffle.id, 'redraw', { position: 3, reason: 'Not eligible' }));
    expect(twice.picks.map((pick) => pick.user.id)).toEqual(expected.map((pick) => pick.user_id));
    await refused(() => act(staff, raffle.id, 'redraw', { position: 2, reason: 'Unreachable' }), 409, RAFFLE_DRAW_MESSAGES.everyoneDrawn);
  });

  it('announces once: notifies every current winner, records the prize as given away; later redraws notify the new winner', async () => {
    const raffle = await enteredRaffle(5, { winners_count: 2, prize_value: 125.5, title: 'Prize night' });
    await refused(() => act(staff, raffle.id, 'announce'), 409, RAFFLE_DRAW_MESSAGES.notDrawn);
    const drawn = raffleOf(await act(staff, raffle.id, 'draw'));
    const totalGivenAway = async () => (await new TestClient(t.app).get('/api/r/stats/total-given-away')).json().total as number;
    const givenBefore = await totalGivenAway();
    const won = async () => {
      const counts = new Map<number, number>();
      for (const member of members) counts.set(member.id, (await notificationsOf(member)).filter((n) => n.type === 'raffle_won' && n.data.link === `/raffles/${raffle.id}`).length);
      return counts;
    };
    expect([...(await won()).values()].every((count) => count === 0)).toBe(true);

    raffleOf(await act(staff, raffle.id, 'announce'));
    const winners = drawn.picks.map((pick) => pick.user.id);
    const afterAnnounce = await won();
    for (const member of members) expect(afterAnnounce.get(member.id), member.name).toBe(winners.includes(member.id) ? 1 : 0);
    const message = (await notificationsOf(members.find((member) => member.id === winners[0])!))[0].data.message;
    expect(message).toBe('You won the raffle “Prize night”!');
    expect(await totalGivenAway()).toBeCloseTo(givenBefore + 251, 2);
    await refused(() => act(staff, raffle.id, 'announce'), 409, RAFFLE_DRAW_MESSAGES.alreadyAnnounced);

    const redrawn = raffleOf(await act(staff, raffle.id, 'redraw', { position: 2, reason: 'Did not claim' }));
    const newcomer = redrawn.picks[2].user.id;
    expect((await won()).get(newcomer)).toBe(1);
    const shown = await publicDetail(raffle.id);
    expect(shown.winners.map((winner) => winner.user_id)).toEqual([winners[0], newcomer]);
    expect(shown.draw.picks[1]).toMatchObject({ replace_reason: 'Did not claim', user: { id: winners[1] } });
  });

  it('leaves a raffle a staff member entered to another staff member: they neither draw, redraw nor announce it', async () => {
    const entrant = await signedInMember(t.app, 'EnteredModerator', 'moderator');
    await t.app.services.points.apply({ userId: entrant.id, delta: 1_000, reason: 'test' });
    const raffle = await enteredRaffle(2);
    await enter(entrant.client, raffle.id, { entry_type: 'points', points_spent: 10 });
    await refused(() => act(entrant.client, raffle.id, 'draw'), 403, RAFFLE_DRAW_MESSAGES.entrant);
    raffleOf(await act(staff, raffle.id, 'draw'));
    await refused(() => act(entrant.client, raffle.id, 'redraw', { position: 1, reason: 'Did not reply' }), 403, RAFFLE_DRAW_MESSAGES.entrant);
    await refused(() => act(entrant.client, raffle.id, 'announce'), 403, RAFFLE_DRAW_MESSAGES.entrant);
    raffleOf(await act(staff, raffle.id, 'announce'));
  });

  it('draws exactly once when staff press draw several times at the same moment', async () => {
    const raffle = await enteredRaffle(5, { winners_count: 3 });
    const responses = await Promise.all(Array.from({ length: 6 }, () => act(staff, raffle.id, 'draw')));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) expect(response.json().message).toBe(RAFFLE_DRAW_MESSAGES.alreadyDrawn);
    const picks = await db().selectFrom('raffle_picks').select(['position', 'user_id']).where('raffle_id', '=', raffle.id).orderBy('position').execute();
    expect(picks.map((pick) => pick.position)).toEqual([1, 2, 3]);
  });
});
