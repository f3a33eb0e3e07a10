import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { adminRaffleResponseSchema, type AdminRaffle, type RaffleInput } from '../../../common/contracts/raffles-admin';
import type { RaffleEnterInput } from '../../../common/contracts/raffles';
import type { TestApp } from '../../test/app';
import type { TestClient } from '../../test/client';

/* For the staff API's tests: raffles run through the real admin routes, as the admin pages run them. */
export const RAFFLES = '/admin-new/api/raffles';

const HOUR = 3_600_000;
export const hoursFromNow = (hours: number, from = Date.now()) => new Date(from + hours * HOUR).toISOString();

/** The raffle a successful call answers, checked against its contract. */
export function raffleOf(response: LightMyRequestResponse): AdminRaffle {
  expect(response.statusCode, response.body).toBe(200);
  return adminRaffleResponseSchema.parse(response.json()).data;
}

/** A raffle open now and ending in a day, free entry unless `input` says otherwise. */
export const createByApi = async (staff: TestClient, input: Partial<RaffleInput> = {}) =>
  raffleOf(await staff.post(RAFFLES, { title: 'Staff raffle', end_datetime: hoursFromNow(24), allow_passwordless_entry: true, ...input }));

export const act = (staff: TestClient, id: number, action: 'close' | 'draw' | 'announce' | 'redraw', body?: unknown) =>
  staff.post(`${RAFFLES}/${id}/${action}`, body ?? {});

/** A member's entry through the members' API, as the raffle page makes it. */
export async function enter(member: TestClient, raffleId: number, body: RaffleEnterInput = { entry_type: 'passwordless' }) {
  const response = await member.post(`/api/r/raffles/${raffleId}/enter`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every table a raffle change can touch: to show that a refusal changed nothing. */
export async function raffleSnapshot(t: TestApp) {
  const tables = ['raffles', 'raffle_entries', 'raffle_picks', 'points_ledger', 'notifications', 'payouts'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await t.database.db.selectFrom(table).selectAll().orderBy('id').execute()])));
}
