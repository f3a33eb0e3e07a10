import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';

/** The tests' own Kick signing key (Kick's private key is Kick's): pass publicKey as KICK_WEBHOOK_PUBLIC_KEY. */
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const testWebhookPublicKey = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
export const webhookEnv = { KICK_WEBHOOK_PUBLIC_KEY: testWebhookPublicKey };

export interface Delivery {
  method: 'POST';
  url: '/webhooks/kick';
  headers: Record<string, string>;
  payload: string;
}

/**
 * A delivery as Kick sends it (research/integrations.md §2.8): the six Kick-Event-* headers and an
 * RSA-SHA256 signature over `message-id.timestamp.body`. Options override any part to forge one.
 */
export function kickDelivery(
  type: string,
  body: unknown,
  options: { messageId?: string; sentAt?: Date; signWith?: 'test-key' | 'other-key'; tamper?: (body: string) => string } = {},
): Delivery {
  const messageId = options.messageId ?? `01J${randomUUID().replace(/-/g, '').slice(0, 23).toUpperCase()}`;
  const timestamp = (options.sentAt ?? new Date()).toISOString();
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const privateKey = options.signWith === 'other-key' ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : keys.privateKey;
  const signature = createSign('RSA-SHA256').update(`${messageId}.${timestamp}.${payload}`).sign(privateKey, 'base64');
  return {
    method: 'POST',
    url: '/webhooks/kick',
    headers: {
      'content-type': 'application/json',
      'kick-event-message-id': messageId,
      'kick-event-subscription-id': '01JSUBSCRIPTION0000000000',
      'kick-event-signature': signature,
      'kick-event-message-timestamp': timestamp,
      'kick-event-type': type,
      'kick-event-version': '1',
    },
    payload: options.tamper ? options.tamper(payload) : payload,
  };
}

export const BROADCASTER = { is_anonymous: false, user_id: 721956, username: 'NightSpin', is_verified: true, profile_picture: '', channel_slug: 'nightspin', identity: null };

export const kickUser = (userId: number, username: string, badges: { type: string; text: string }[] = []) => ({
  is_anonymous: false,
  user_id: userId,
  username,
  is_verified: false,
  profile_picture: '',
  channel_slug: username.toLowerCase(),
  identity: { username_color: '#9B59B6', badges },
});

/** Bodies of the events the site earns from, in Kick's shapes. */
export const kickEvents = {
  chat: (sender: ReturnType<typeof kickUser>, createdAt: Date, content = 'gg') => ({
    message_id: randomUUID(),
    broadcaster: BROADCASTER,
    sender,
    content,
    emotes: [],
    created_at: createdAt.toISOString(),
  }),
  live: (isLive: boolean, at: Date) => ({
    broadcaster: BROADCASTER,
    is_live: isLive,
    title: 'Bonus hunt tonight',
    started_at: isLive ? at.toISOString() : null,
    ended_at: isLive ? null : at.toISOString(),
  }),
  follow: (follower: ReturnType<typeof kickUser>) => ({ broadcaster: BROADCASTER, follower }),
  subscription: (subscriber: ReturnType<typeof kickUser>, duration = 1) => ({
    broadcaster: BROADCASTER,
    subscriber,
    duration,
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  }),
  gifts: (gifter: ReturnType<typeof kickUser> | null, giftees: ReturnType<typeof kickUser>[]) => ({
    broadcaster: BROADCASTER,
    gifter: gifter ?? { is_anonymous: true, user_id: null, username: null, is_verified: null, profile_picture: null, channel_slug: null, identity: null },
    giftees,
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  }),
};
