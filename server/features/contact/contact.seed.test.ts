import { describe, expect, it } from 'vitest';
import { contactInboxSchema } from '../../../common/contracts/tickets-admin';
import { seedDemoContact } from '../../db/seed/contact';
import { seedDemoMembers } from '../../db/seed/members';
import { useTestApp } from '../../test/app';
import { signedIn } from '../../test/client';

/** The demo contact messages a fresh machine shows in the staff inbox. */
describe('contact demo content', () => {
  const t = useTestApp();

  it('has two unread messages (one from a demo member), two read and one archived, as the inbox shows them', async () => {
    const now = new Date();
    await seedDemoMembers(t.app.services, t.database, now);
    await seedDemoContact(t.app.services, t.database, now);
    const staff = await signedIn(t.app, 'ContactSeedChecker', 'admin');
    const tab = async (filter: string) => contactInboxSchema.parse((await staff.get(`/admin-new/api/contact-messages?filter=${filter}`)).json());

    const unread = await tab('unread');
    expect(unread.unread).toBe(2);
    expect(unread.data.map((message) => message.user?.username ?? null)).toEqual([null, 'LuckyLuna']);
    expect((await tab('read')).data.map((message) => message.subject)).toEqual(['Stream schedule over the holidays', 'Press enquiry']);
    const [archived] = (await tab('archived')).data;
    expect(archived).toMatchObject({ subject: 'Get 10,000 followers today!!!' });
    expect(archived.read_at! <= archived.archived_at! && archived.archived_at! < now.toISOString()).toBe(true);
    expect((await tab('all')).total).toBe(5);
  });
});
