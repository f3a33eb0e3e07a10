import { createVerify } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types';
import { badRequest, unauthorized } from '../../platform/errors';
import type { EarningService, KickAccount } from './earning.service';
import { earningRepo } from './earning.repo';

/** The events the site subscribes to on start-up (research/integrations.md §2.7). */
export const KICK_EVENTS = [
  'chat.message.sent',
  'channel.followed',
  'channel.subscription.new',
  'channel.subscription.renewal',
  'channel.subscription.gifts',
  'livestream.status.updated',
] as const;

/** Deliveries sent longer ago than this are refused as replays (Kick's send time, not the event's). */
export const WEBHOOK_MAX_AGE_MS = 10 * 60_000;
/** A sender's clock may run a little ahead of ours. */
const WEBHOOK_MAX_SKEW_MS = 2 * 60_000;
const BODY_LIMIT = 256 * 1024;

export const WEBHOOK_MESSAGES = {
  missingHeaders: 'Missing Kick-Event-Message-Id, Kick-Event-Message-Timestamp, Kick-Event-Signature or Kick-Event-Type.',
  badSignature: 'The signature does not match the body.',
  stale: 'The delivery timestamp is too old or in the future.',
  malformed: 'The body is not a valid event of its type.',
};

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const account = z.object({ user_id: id, username: z.string().min(1).max(64), is_anonymous: z.boolean().optional() });
const optionalAccount = z.object({ user_id: id.nullable().optional(), username: z.string().max(64).nullable().optional(), is_anonymous: z.boolean().optional() }).nullable().optional();
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date');

const payloads = {
  'chat.message.sent': z.object({
    broadcaster: account,
    sender: account.extend({
      identity: z.object({ badges: z.array(z.object({ type: z.string() })).optional() }).nullable().optional(),
    }),
    created_at: instant,
  }),
  'channel.followed': z.object({ broadcaster: account, follower: account }),
  'channel.subscription.new': z.object({ broadcaster: account, subscriber: account, duration: z.number().int().min(0).max(1200).optional() }),
  'channel.subscription.renewal': z.object({ broadcaster: account, subscriber: account, duration: z.number().int().min(0).max(1200).optional() }),
  'channel.subscription.gifts': z.object({ broadcaster: account, gifter: optionalAccount, giftees: z.array(z.unknown()).max(10_000) }),
  'livestream.status.updated': z.object({ is_live: z.boolean(), started_at: instant.nullable().optional(), ended_at: instant.nullable().optional() }),
};
type KnownEvent = keyof typeof payloads;
const isKnown = (type: string): type is KnownEvent => type in payloads;

const named = (who: { user_id?: string | null; username?: string | null; is_anonymous?: boolean } | null | undefined): KickAccount | null =>
  who && !who.is_anonymous && who.user_id && who.username ? { userId: who.user_id, username: who.username } : null;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 1024 ? value : undefined;
}

/** RSA PKCS#1 v1.5 with SHA-256 over `message-id.timestamp.body` (research §2.8). */
export function verifyKickSignature(publicKey: string, messageId: string, timestamp: string, body: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(`${messageId}.${timestamp}.`).update(body).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * POST /webhooks/kick: signed by Kick instead of a session, so it sits outside CSRF. The raw body is kept
 * as text for the signature. A message id is processed once, in the same transaction as its effects;
 * chat intervals that have already ended (late deliveries) are settled right after.
 */
export async function kickWebhookRoutes(app: FastifyInstance, deps: { db: Kysely<DB>; earning: EarningService; publicKey: string; now: () => Date }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.post('/webhooks/kick', { config: { csrf: false } }, async (request, reply) => {
      const messageId = header(request, 'kick-event-message-id');
      const timestamp = header(request, 'kick-event-message-timestamp');
      const signature = header(request, 'kick-event-signature');
      const type = header(request, 'kick-event-type');
      const body = typeof request.body === 'string' ? request.body : '';
      if (!messageId || !timestamp || !signature || !type) throw badRequest(WEBHOOK_MESSAGES.missingHeaders);
      if (!verifyKickSignature(deps.publicKey, messageId, timestamp, body, signature)) throw unauthorized(WEBHOOK_MESSAGES.badSignature);
      const sentAt = Date.parse(timestamp);
      const age = deps.now().getTime() - sentAt;
      if (Number.isNaN(sentAt) || age > WEBHOOK_MAX_AGE_MS || age < -WEBHOOK_MAX_SKEW_MS) throw badRequest(WEBHOOK_MESSAGES.stale);

      let event: { type: KnownEvent; payload: unknown } | null = null;
      if (isKnown(type)) {
        let json: unknown;
        try {
          json = JSON.parse(body);
        } catch {
          throw badRequest(WEBHOOK_MESSAGES.malformed);
        }
        const parsed = payloads[type].safeParse(json);
        if (!parsed.success) throw badRequest(WEBHOOK_MESSAGES.malformed);
        event = { type, payload: parsed.data };
      }

      const rules = await deps.earning.rules();
      const now = deps.now();
      const fresh = await deps.db.transaction().execute(async (trx) => {
        if (!(await earningRepo.markMessage(trx, messageId, type.slice(0, 64), now.toISOString()))) return false;
        if (!event) return true;
        switch (event.type) {
          case 'chat.message.sent': {
            const p = event.payload as z.infer<(typeof payloads)['chat.message.sent']>;
            const sender = named(p.sender);
            if (sender) {
              await deps.earning.chat(trx, rules, {
                sender,
                broadcasterId: p.broadcaster.user_id,
                sentAt: new Date(p.created_at),
                isSubscriber: p.sender.identity?.badges?.some((badge) => badge.type === 'subscriber') ?? false,
              });
            }
            break;
          }
          case 'channel.followed': {
            const p = event.payload as z.infer<(typeof payloads)['channel.followed']>;
            await deps.earning.follow(trx, rules, named(p.follower));
            break;
          }
          case 'channel.subscription.new':
          case 'channel.subscription.renewal': {
            const p = event.payload as z.infer<(typeof payloads)['channel.subscription.new']>;
            await deps.earning.subscription(trx, rules, named(p.subscriber), messageId, event.type.endsWith('renewal'), p.duration ?? 1);
            break;
          }
          case 'channel.subscription.gifts': {
            const p = event.payload as z.infer<(typeof payloads)['channel.subscription.gifts']>;
            await deps.earning.giftedSubscriptions(trx, rules, named(p.gifter), messageId, p.giftees.length);
            break;
          }
          case 'livestream.status.updated': {
            const p = event.payload as z.infer<(typeof payloads)['livestream.status.updated']>;
            const at = (p.is_live ? p.started_at : p.ended_at) ?? now.toISOString();
            await deps.earning.liveStatus(trx, p.is_live, new Date(at));
            break;
          }
        }
        return true;
      });
      if (fresh && event?.type === 'chat.message.sent') {
        await deps.earning.settleIntervals((event.payload as { sender: { user_id: string } }).sender.user_id);
      }
      return reply.send({ success: true, processed: fresh });
    });
  });
}
