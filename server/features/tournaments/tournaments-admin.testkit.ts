import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { tournamentDetailResponseSchema, type PredictInput } from '../../../common/contracts/tournaments';
import { adminTournamentResponseSchema, type AdminTournament, type MatchResultInput, type TournamentInput } from '../../../common/contracts/tournaments-admin';
import type { TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';

/* For the staff API's tests: tournaments run through the real admin routes, as the admin pages run them. */
export const TOURNAMENTS = '/admin-new/api/tournaments';

/** `size` seats named `{prefix} 1`…`{prefix} size`. */
export const seats = (size: number, prefix = 'Slot') => Array.from({ length: size }, (_, index) => ({ name: `${prefix} ${index + 1}` }));

/** The tournament a successful call answers, checked against its contract. */
export function tournamentOf(response: LightMyRequestResponse): AdminTournament {
  expect(response.statusCode, response.body).toBe(200);
  return adminTournamentResponseSchema.parse(response.json()).data;
}

/** A draft of 8 named seats unless `input` says otherwise. */
export const createByApi = async (staff: TestClient, input: Partial<TournamentInput> = {}) => {
  const size = input.size ?? 8;
  return tournamentOf(await staff.post(TOURNAMENTS, { name: 'Staff tournament', size, slots: seats(size), ...input }));
};

export const act = (staff: TestClient, id: number, action: 'generate' | 'predictions/open' | 'predictions/close' | 'finish') => staff.post(`${TOURNAMENTS}/${id}/${action}`, {});

/** A generated bracket (visible to members), with predictions open when `open`. */
export async function generatedByApi(staff: TestClient, input: Partial<TournamentInput> = {}, { open = false } = {}) {
  const created = await createByApi(staff, input);
  let tournament = tournamentOf(await act(staff, created.id, 'generate'));
  if (open) tournament = tournamentOf(await act(staff, created.id, 'predictions/open'));
  return tournament;
}

export const setResult = (staff: TestClient, id: number, matchId: number, body: MatchResultInput) => staff.put(`${TOURNAMENTS}/${id}/matches/${matchId}`, body);

/** Decides a match for the named seat; the tournament as it now is. */
export const decide = async (staff: TestClient, tournament: AdminTournament, matchNumber: number, winner: string) =>
  tournamentOf(await setResult(staff, tournament.id, tournament.matches.find((match) => match.match_number === matchNumber)!.id, { winner_name: winner }));

/** A member's picks through the members' API, as the Predict tab saves them: match number → slot name. */
export async function predict(member: TestClient, tournament: AdminTournament, picks: Record<number, string>) {
  const predictions: PredictInput['predictions'] = Object.entries(picks).map(([number, name]) => ({
    match_id: tournament.matches.find((match) => match.match_number === Number(number))!.id,
    winner_name: name,
  }));
  const response = await member.post(`/api/r/tournaments/${tournament.id}/predict`, { predictions });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The tournament page's data as `client` (a member or a visitor) loads it. */
export async function memberView(client: TestClient, id: number) {
  const response = await client.get(`/api/r/tournaments/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return tournamentDetailResponseSchema.parse(response.json()).data;
}

/** Every table a tournament change can touch: to show that a refusal changed nothing. */
export async function tournamentSnapshot(t: TestApp) {
  const tables = ['tournaments', 'tournament_slots', 'tournament_matches', 'tournament_predictions', 'tournament_picks', 'tournament_rewards', 'points_ledger', 'notifications'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await t.database.db.selectFrom(table).selectAll().orderBy('id').execute()])));
}
