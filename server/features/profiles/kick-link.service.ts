import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { DB } from '../../db/types';
import type { KickClient } from '../../integrations/kick';
import { conflict, HttpError } from '../../platform/errors';
import { profilesRepo } from './profiles.repo';
import { toSettingsUser } from './profiles.service';

/** A link attempt must come back within this long. */
const LINK_REQUEST_MS = 10 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export const KICK_LINK_MESSAGES = {
  expired: 'That Kick link has expired or was started in another browser. Please connect again.',
  taken: 'That Kick account is already linked to another member.',
  notConfigured: 'Linking Kick accounts is not set up on this site yet.',
  disconnected: 'Kick account disconnected successfully!',
} as const;

/**
 * Linking a Kick account: OAuth 2.1 with PKCE (S256). The verifier never leaves the server, the state is
 * stored hashed and only answers for the session that started it, and each state works once.
 */
export function createKickLinkService(deps: { db: Kysely<DB>; now: () => Date; kick: KickClient; redirectUri: string }) {
  const { db, now, kick } = deps;

  return {
    available: kick.canLinkAccounts,

    async start(sessionId: string): Promise<string> {
      const state = randomBytes(24).toString('base64url');
      const codeVerifier = randomBytes(48).toString('base64url');
      const stamp = now();
      await profilesRepo.purgeLinkRequests(db, new Date(stamp.getTime() - LINK_REQUEST_MS).toISOString());
      await profilesRepo.insertLinkRequest(db, { state_hash: sha256(state), session_id: sessionId, code_verifier: codeVerifier, created_at: stamp.toISOString() });
      return kick.authorizeUrl({ state, codeChallenge: sha256(codeVerifier), redirectUri: deps.redirectUri });
    },

    /** Takes the attempt out even when it fails, so a state can never be tried twice. */
    async finish(sessionId: string, userId: number, code: string, state: string) {
      const request = await profilesRepo.takeLinkRequest(db, sha256(state));
      const fresh = request && Date.parse(request.created_at) > now().getTime() - LINK_REQUEST_MS;
      if (!request || !fresh || request.session_id !== sessionId) throw new HttpError(400, KICK_LINK_MESSAGES.expired);
      const token = await kick.exchangeCode({ code, codeVerifier: request.code_verifier, redirectUri: deps.redirectUri });
      const account = await kick.currentUser(token);
      const owner = await profilesRepo.kickOwner(db, account.id);
      if (owner && owner.id !== userId) throw conflict(KICK_LINK_MESSAGES.taken);
      try {
        await profilesRepo.setKick(db, userId, { kick_user_id: account.id, kick_username: account.name, updated_at: now().toISOString() });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(KICK_LINK_MESSAGES.taken);
        throw error;
      }
      return account;
    },

    async disconnect(userId: number) {
      const member = await profilesRepo.setKick(db, userId, { kick_user_id: null, kick_username: null, updated_at: now().toISOString() });
      return toSettingsUser(member);
    },
  };
}

export type KickLinkService = ReturnType<typeof createKickLinkService>;
