import { lookup as lookupOne } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
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

const refusalOf = (host: string) => `The partner's address ${host} is on a private or local network; only public addresses are synced.`;

/** What the connection's own lookup raises for an address that is not public (see publicOnlyAgent). */
export class NonPublicAddressError extends Error {
  constructor(host: string) {
    super(refusalOf(host));
  }
}

/**
 * The name is resolved again for the connection itself, and that answer is the one connected to: a DNS server that
 * answers a public address to the check below and a private one a moment later (DNS rebinding) is refused here.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookupOne(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    if (!addresses.length || !addresses.every((each) => isPublicAddress(each.address))) return callback(new NonPublicAddressError(hostname), '', 0);
    if (options.all) return (callback as unknown as (error: null, all: typeof addresses) => void)(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};

/** Connections that reach public addresses only, whatever the name resolves to when the connection is made. */
export const publicOnlyAgent = new Agent({ connect: { lookup: publicOnlyLookup } });

/**
 * Refuses a partner address whose host is, or is named for, an address that is not public, before anything is sent:
 * the sentence staff see. An address written as an IP is judged here alone; a name is judged again when the
 * connection is made (publicOnlyAgent), so a second, different answer from its DNS server is caught too.
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
    throw new WagerSourceError(refusalOf(host), false);
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
