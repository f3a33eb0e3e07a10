import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { signedInMember, type SignedInMember } from '../../test/client';
import { CATEGORIES, categoriesOf, insertTicket, ticketSnapshot } from './tickets-admin.testkit';

/** Staff keep the categories members choose from: create, rename, order, delete (never one in use), no two alike. */
describe('tickets admin: categories', () => {
  const t = useTestApp();
  let staff: SignedInMember;
  let member: SignedInMember;

  const names = async () => categoriesOf(await staff.client.get(CATEGORIES)).map((category) => category.name);
  const idOf = async (name: string) => categoriesOf(await staff.client.get(CATEGORIES)).find((category) => category.name === name)!.id;
  async function refused(send: () => ReturnType<typeof staff.client.get>, status: number, body: object) {
    const before = await ticketSnapshot(t);
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ success: false, ...body });
    expect(await ticketSnapshot(t)).toEqual(before);
  }

  beforeAll(async () => {
    staff = await signedInMember(t.app, 'CategoryKeeper', 'moderator');
    member = await signedInMember(t.app, 'CategoryUser');
  });

  it('creates categories at the end of the order (names trimmed), each answered with every category and its ticket count', async () => {
    expect(categoriesOf(await staff.client.get(CATEGORIES))).toEqual([]);
    const created = categoriesOf(await staff.client.post(CATEGORIES, { name: '  General  ' }), 201);
    expect(created).toEqual([{ id: expect.any(Number), name: 'General', position: 1, tickets_count: 0 }]);
    for (const name of ['Account', 'Points & Store']) categoriesOf(await staff.client.post(CATEGORIES, { name }), 201);
    expect((await staff.client.post(CATEGORIES, { name: 'Raffles' })).json()).toMatchObject({ success: true, message: 'Category created.' });
    expect(await names()).toEqual(['General', 'Account', 'Points & Store', 'Raffles']);
    const account = await idOf('Account');
    await insertTicket(t.database.db, { user_id: member.id, category_id: account });
    await insertTicket(t.database.db, { user_id: member.id, category_id: account });
    expect(categoriesOf(await staff.client.get(CATEGORIES)).find((category) => category.id === account)).toMatchObject({ tickets_count: 2, position: 2 });
  });

  it('refuses a name another category has, whatever its case and spacing, on create and on rename (422 on name)', async () => {
    const taken = { message: 'There is already a category with this name.', errors: { name: ['There is already a category with this name.'] } };
    await refused(() => staff.client.post(CATEGORIES, { name: 'general' }), 422, taken);
    await refused(() => staff.client.post(CATEGORIES, { name: ' POINTS   &  store ' }), 422, taken);
    await refused(async () => staff.client.put(`${CATEGORIES}/${await idOf('Raffles')}`, { name: 'Account' }), 422, taken);
    await refused(() => staff.client.post(CATEGORIES, { name: 'A' }), 422, { message: 'Give the category a name of at least 2 characters.', errors: { name: ['Give the category a name of at least 2 characters.'] } });
  });

  it('renames a category (its own name in another case too); tickets keep it under the new name', async () => {
    const account = await idOf('Account');
    const renamed = categoriesOf(await staff.client.put(`${CATEGORIES}/${account}`, { name: 'Account & Login' }));
    expect(renamed.find((category) => category.id === account)).toMatchObject({ name: 'Account & Login', tickets_count: 2 });
    categoriesOf(await staff.client.put(`${CATEGORIES}/${account}`, { name: 'ACCOUNT & LOGIN' }));
    expect(await names()).toEqual(['General', 'ACCOUNT & LOGIN', 'Points & Store', 'Raffles']);
    const ticket = await t.database.db.selectFrom('tickets').select('category_id').where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect(ticket.category_id).toBe(account);
  });

  it('orders the categories as sent, every one once; anything else is a 422 with nothing changed', async () => {
    const list = categoriesOf(await staff.client.get(CATEGORIES));
    const ids = list.map((category) => category.id);
    const reversed = categoriesOf(await staff.client.put(`${CATEGORIES}/order`, { category_ids: [...ids].reverse() }));
    expect(reversed.map((category) => [category.name, category.position])).toEqual([
      ['Raffles', 1],
      ['Points & Store', 2],
      ['ACCOUNT & LOGIN', 3],
      ['General', 4],
    ]);
    const order = { message: 'Send every category once, in the new order.', errors: { category_ids: ['Send every category once, in the new order.'] } };
    await refused(() => staff.client.put(`${CATEGORIES}/order`, { category_ids: ids.slice(1) }), 422, order);
    await refused(() => staff.client.put(`${CATEGORIES}/order`, { category_ids: [...ids.slice(1), ids[1]] }), 422, order);
    await refused(() => staff.client.put(`${CATEGORIES}/order`, { category_ids: [...ids.slice(1), 2_000_000] }), 422, order);
  });

  it('deletes a category no ticket uses; one in use is a 409 saying why, and an unknown one a 404', async () => {
    const raffles = await idOf('Raffles');
    const after = categoriesOf(await staff.client.delete(`${CATEGORIES}/${raffles}`));
    expect(after.map((category) => category.name)).toEqual(['Points & Store', 'ACCOUNT & LOGIN', 'General']);
    await refused(async () => staff.client.delete(`${CATEGORIES}/${await idOf('ACCOUNT & LOGIN')}`), 409, {
      message: 'This category has 2 tickets, so it cannot be deleted. Rename it instead.',
    });
    await refused(() => staff.client.delete(`${CATEGORIES}/${raffles}`), 404, { message: 'Category not found.' });
    await refused(() => staff.client.put(`${CATEGORIES}/${raffles}`, { name: 'Back again' }), 404, { message: 'Category not found.' });
    // The deleted name is free again.
    expect(categoriesOf(await staff.client.post(CATEGORIES, { name: 'raffles' }), 201).map((category) => category.name)).toContain('raffles');
  });

  it('says "1 ticket" for a category with one ticket', async () => {
    const general = await idOf('General');
    await insertTicket(t.database.db, { user_id: member.id, category_id: general });
    await refused(() => staff.client.delete(`${CATEGORIES}/${general}`), 409, { message: 'This category has 1 ticket, so it cannot be deleted. Rename it instead.' });
  });
});
