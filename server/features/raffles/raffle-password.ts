import { createHash, randomBytes, scrypt, timingSafeEqual, type BinaryLike } from 'node:crypto';

/*
 * A raffle's entry password is stored as "scrypt$<salt hex>$<hash hex>" (decision 019): a leaked table does
 * not give the password away, and checks run on libuv's thread pool so a burst of guesses never blocks
 * the event loop. Staff type the password trimmed (the admin schema trims it), so members' typing is too.
 */

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/**
 * The password that last matched each stored hash, as its SHA-256. A raffle's password is read out on
 * stream and hundreds of members type it within seconds; scrypt costs about 100 ms of CPU here, so
 * without this a burst of right answers would queue for a minute. Wrong guesses still pay scrypt each.
 */
const lastMatch = new Map<string, Buffer>();
const LAST_MATCH_LIMIT = 200;

const derive = (password: string, salt: BinaryLike) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.trim(), salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });

export async function hashRafflePassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return `scrypt$${salt.toString('hex')}$${(await derive(password, salt)).toString('hex')}`;
}

/** Constant-time comparison against the stored hash; a malformed hash matches nothing. */
export async function checkRafflePassword(password: string, stored: string): Promise<boolean> {
  const typed = createHash('sha256').update(password.trim()).digest();
  const known = lastMatch.get(stored);
  if (known && timingSafeEqual(known, typed)) return true;
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  if (expected.length !== KEY_LENGTH) return false;
  const matches = timingSafeEqual(await derive(password, Buffer.from(saltHex, 'hex')), expected);
  if (matches) {
    if (lastMatch.size >= LAST_MATCH_LIMIT) lastMatch.delete(lastMatch.keys().next().value!);
    lastMatch.set(stored, typed);
  }
  return matches;
}
