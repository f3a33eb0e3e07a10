import type { Browser, Page } from '@playwright/test';
import type { AdminTournament, MatchResultInput, TournamentInput } from '../common/contracts/tournaments-admin';
import { test as base, expect, signedInElsewhere, uniqueName } from './fixtures';
import { csrf } from './leaderboard-staff';

/*
 * Staff running tournaments through /admin-new/api/tournaments, for the specs that need tournaments of their
 * own (the member pages, the admin pages). An admin runs them (moderators may do everything there but set the
 * rewards, which these tournaments pay). Matches are
 * named by their number (1…size-1, round 1 first), as the pages name them.
 */

type Method = 'get' | 'post' | 'put' | 'delete';

/** `size` seat names, unique to this run: `{prefix} 1`…`{prefix} size`. */
export const seatNames = (size: number, prefix = uniqueName('Slot ')) => Array.from({ length: size }, (_, index) => `${prefix} ${index + 1}`);

export async function openTournamentStaff(browser: Browser) {
  const page: Page = await signedInElsewhere(browser, uniqueName('TournamentAdmin'), 'admin');
  const headers = await csrf(page);
  const call = async (method: Method, path: string, data?: unknown): Promise<AdminTournament> => {
    const response = await page.request[method](`/admin-new/api/tournaments${path}`, method === 'get' ? {} : { headers, data: data ?? {} });
    expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(200);
    return ((await response.json()) as { data: AdminTournament }).data;
  };
  const get = (id: number) => call('get', `/${id}`);
  const matchId = (tournament: AdminTournament, number: number) => {
    const match = tournament.matches.find((candidate) => candidate.match_number === number);
    if (!match) throw new Error(`${tournament.name} has no Match ${number}`);
    return match.id;
  };

  const staff = {
    /** The admin's browser page. */
    page,
    get,
    /** A draft of 8 seats named uniquely unless `fields` say otherwise; the name is unique. */
    create(fields: Partial<TournamentInput> = {}): Promise<AdminTournament> {
      const size = fields.size ?? 8;
      return call('post', '', { name: uniqueName('E2E Tournament '), size, slots: seatNames(size).map((name) => ({ name })), ...fields });
    },
    update: (tournament: AdminTournament, fields: Partial<TournamentInput>) =>
      call('put', `/${tournament.id}`, {
        name: tournament.name,
        description: tournament.description,
        size: tournament.size,
        slots: tournament.slots.map((slot) => ({ name: slot.name, slot_id: slot.slot_id, user_id: slot.user?.id ?? null })),
        reward_points: tournament.reward_points,
        ...fields,
      }),
    remove: async (id: number) => {
      const response = await page.request.delete(`/admin-new/api/tournaments/${id}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    },
    generate: (id: number) => call('post', `/${id}/generate`),
    openPredictions: (id: number) => call('post', `/${id}/predictions/open`),
    closePredictions: (id: number) => call('post', `/${id}/predictions/close`),
    /** A generated bracket members can see, with predictions open when `open`. */
    async running(fields: Partial<TournamentInput> = {}, { open = false } = {}): Promise<AdminTournament> {
      const created = await staff.create(fields);
      const generated = await staff.generate(created.id);
      return open ? staff.openPredictions(created.id) : generated;
    },
    /** One match's result (winner_name null clears it); predictions must be closed. */
    setResult: async (id: number, matchNumber: number, result: MatchResultInput) => call('put', `/${id}/matches/${matchId(await get(id), matchNumber)}`, result),
    /** Winners by match number, in the order given (earlier rounds first); the tournament as it then is. */
    async decide(id: number, winners: Record<number, string>): Promise<AdminTournament> {
      let tournament = await get(id);
      for (const [number, winner] of Object.entries(winners)) {
        tournament = await call('put', `/${id}/matches/${matchId(tournament, Number(number))}`, { winner_name: winner });
      }
      return tournament;
    },
    /** Ends a decided tournament (predictions closed) and pays its rewards. */
    finish: (id: number) => call('post', `/${id}/finish`),
    /** Closes the staff browser. */
    close: () => page.context().close(),
  };
  return staff;
}
export type TournamentStaff = Awaited<ReturnType<typeof openTournamentStaff>>;

/** Saves picks (match number → slot name) through the member API, as the member signed in on `member`. */
export async function predictByApi(member: Page, tournament: AdminTournament, picks: Record<number, string>) {
  const predictions = Object.entries(picks).map(([number, winner_name]) => ({ match_id: tournament.matches.find((match) => match.match_number === Number(number))!.id, winner_name }));
  const response = await member.request.post(`/api/r/tournaments/${tournament.id}/predict`, { headers: await csrf(member), data: { predictions } });
  expect(response.status(), `predict ${tournament.id}: ${await response.text()}`).toBe(200);
  return response.json();
}

/** The site's `test` plus `tournamentStaff`: opened on first use, closed after the test, pass or fail. */
export const test = base.extend<{ tournamentStaff: TournamentStaff }>({
  tournamentStaff: async ({ browser }, use) => {
    const staff = await openTournamentStaff(browser);
    try {
      await use(staff);
    } finally {
      await staff.close();
    }
  },
});

export { expect };
