import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_TEXTS } from '../../../common/challenges';
import { useTestApp } from '../../test/app';
import { signedInMember } from '../../test/client';
import { createChallenge, ownDataDir, storedEvidence, submitClaim } from './challenges.testkit';

const tally = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
};
const refusals = (responses: LightMyRequestResponse[]) => [...new Set(responses.filter((r) => r.statusCode >= 300).map((r) => r.json().message as string))];

/** Real parallel requests (Promise.all over app.inject): the one-pending rule holds whatever the timing, and refusals leave no file. */
describe('challenge claims under parallel requests', () => {
  const dataDir = ownDataDir();
  const t = useTestApp({ env: { DATA_DIR: dataDir } });
  const db = () => t.database.db;
  const claimsOf = (challengeId: number) => db().selectFrom('challenge_claims').selectAll().where('challenge_id', '=', challengeId).orderBy('id').execute();

  it('one member sending 10 claims at once gets exactly one; the others are told a claim is pending and leave no file', async () => {
    const c = await createChallenge(db());
    const m = await signedInMember(t.app, 'DoubleClicker');
    // The requests usually all pass the early check before any of them writes: the unique index decides between them.
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => submitClaim(m.client, c.id, { description: `Try ${i}`, images: 1 })));
    expect(tally(responses)).toEqual({ 201: 1, 409: 9 });
    expect(refusals(responses)).toEqual([CHALLENGE_TEXTS.pendingClaim]);
    const rows = await claimsOf(c.id);
    expect(rows).toHaveLength(1);
    const accepted = responses.find((response) => response.statusCode === 201)!.json().data;
    expect(rows[0]).toMatchObject({ id: accepted.id, user_id: m.id, status: 'pending' });
    expect(storedEvidence(dataDir)).toEqual(JSON.parse(rows[0].evidence_images));
    expect(accepted.evidence_images).toHaveLength(1);
  });

  it('20 members claiming one challenge at once each get their claim', async () => {
    const c = await createChallenge(db());
    const before = storedEvidence(dataDir);
    const members = await Promise.all(Array.from({ length: 20 }, (_, i) => signedInMember(t.app, `Crowd${i}`)));
    const responses = await Promise.all(members.map((m) => submitClaim(m.client, c.id, { images: 1 })));
    expect(tally(responses)).toEqual({ 201: 20 });
    const rows = await claimsOf(c.id);
    expect(rows.map((row) => row.user_id).sort((a, b) => a - b)).toEqual(members.map((m) => m.id).sort((a, b) => a - b));
    const images = rows.flatMap((row) => JSON.parse(row.evidence_images) as string[]);
    expect(storedEvidence(dataDir)).toEqual([...before, ...images].sort());
    const detail = await members[0].client.get(`/api/r/challenges/${c.id}`);
    expect(detail.json().data.claims_count).toBe(20);
  });

  it('claims racing a staff approval: each lands before it (and is closed by it) or is refused as claimed; none stays pending', async () => {
    const c = await createChallenge(db());
    const winner = await signedInMember(t.app, 'FirstPast');
    const staff = await signedInMember(t.app, 'RaceJudge', 'moderator');
    const approved = await submitClaim(winner.client, c.id, { images: 1 });
    expect(approved.statusCode, approved.body).toBe(201);
    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => signedInMember(t.app, `LateRacer${i}`)));
    const before = storedEvidence(dataDir);

    const [approval, ...responses] = await Promise.all([
      staff.client.post(`/admin-new/api/challenge-claims/${approved.json().data.id}/approve`, { admin_notes: '' }),
      ...racers.map((m) => submitClaim(m.client, c.id, { images: 1 })),
    ]);
    expect(approval.statusCode, approval.body).toBe(200);
    expect(Object.keys(tally(responses)).every((status) => status === '201' || status === '409')).toBe(true);
    if (responses.some((r) => r.statusCode === 409)) expect(refusals(responses)).toEqual([CHALLENGE_TEXTS.alreadyClaimed]);

    const rows = await claimsOf(c.id);
    expect(rows.filter((row) => row.status === 'pending')).toEqual([]);
    const landed = responses.filter((r) => r.statusCode === 201).map((r) => r.json().data.id as number);
    expect(rows.filter((row) => row.user_id !== winner.id).map((row) => [row.id, row.status, row.admin_notes])).toEqual(
      landed.sort((a, b) => a - b).map((id) => [id, 'rejected', 'Another claim for this challenge was approved.']),
    );
    const images = rows.filter((row) => row.user_id !== winner.id).flatMap((row) => JSON.parse(row.evidence_images) as string[]);
    expect(storedEvidence(dataDir)).toEqual([...before, ...images].sort());
  });
});
