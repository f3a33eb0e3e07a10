import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { NO_ANSWER_IN_TIME, WagerSourceError } from './types';

/**
 * Addresses a partner's API never has: this machine, its private networks, link-local (where clouds answer with
 * their instance credentials, 169.254.169.254), carrier-grade NAT, multicast and reserved ranges. Without this check
 * an admin's partner address could make the server read its own internal services and show their answer in the
 * sync's error (server-side request forgery).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) notPublic.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is. */
const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function isPublicAddress(address: string): boolean {
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped) return !notPublic.check(mapped, 'ipv4');
  const family = isIP(address);
  return family !== 0 && !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Refuses a partner address whose host is, or is named for, an address that is not public. The host is resolved here
 * and again by fetch, so a name that a hostile DNS server answers differently the second time is not caught; the
 * check stops the address typed into the form, which is what an admin's account can do.
 */
export async function refuseNonPublicHost(url: string, signal: AbortSignal): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolveAll(host, signal);
  } catch {
    if (signal.aborted) throw new WagerSourceError(NO_ANSWER_IN_TIME, true);
    throw new WagerSourceError(`Could not find the partner's host ${host}.`, true);
  }
  if (!addresses.every(isPublicAddress)) {
    throw new WagerSourceError(`The partner's address ${host} is on a private or local network; only public addresses are synced.`, false);
  }
}

/** Every address of a name; the system resolver takes no signal, so the sync's timeout stops the wait for it. */
function resolveAll(host: string, signal: AbortSignal): Promise<string[]> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    lookup(host, { all: true, verbatim: true })
      .then((found) => resolve(found.map((each) => each.address)), reject)
      .finally(() => signal.removeEventListener('abort', stop));
  });
}
