import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyAgent, refuseNonPublicHost } from './address-guard';
import { partnerRequest } from './http';
import { WagerSourceError } from './types';

describe('partner addresses that are not public', () => {
  it.each([
    '127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fd00::1', 'fc12::3', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::FFFF:10.0.0.7',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '104.16.1.1', '172.32.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:8.8.4.4'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('is not fooled by text that is no address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });

  it.each(['http://127.0.0.1:9/v1', 'http://[::1]:8080/', 'http://localhost/stats', 'http://169.254.169.254/latest/meta-data', 'https://[::ffff:a00:1]/'])(
    'a partner at %s is refused before any request, and the error says so and is not retried',
    async (url) => {
      const refusal = await refuseNonPublicHost(url, AbortSignal.timeout(2000)).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(WagerSourceError);
      expect((refusal as WagerSourceError).message).toMatch(/^The partner's address .+ is on a private or local network; only public addresses are synced\.$/);
      expect((refusal as WagerSourceError).transient).toBe(false);
    },
  );

  it('stops waiting for the resolver at the timeout', async () => {
    const refusal = await refuseNonPublicHost('https://partner.example/v1', AbortSignal.abort()).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ message: 'No answer before the timeout.', transient: true });
  });

  it('leaves nothing waiting on the timeout once it has answered', async () => {
    // A rejection nobody awaits would surface when the timeout passes (vitest fails the run on it).
    await refuseNonPublicHost('http://10.0.0.1/', AbortSignal.timeout(20)).catch(() => undefined);
    await refuseNonPublicHost('http://localhost/', AbortSignal.timeout(20)).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 60));
  });

  it('judges the address the connection itself resolves: a name that turns private after the check (DNS rebinding) is refused', async () => {
    let heard = 0;
    const partner = createServer((_request, response) => {
      heard += 1;
      response.setHeader('content-type', 'application/json').end('[]');
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    const url = `http://localhost:${(partner.address() as AddressInfo).port}/stats`;
    try {
      // As if the check before had been told a public address: the connection's own lookup finds 127.0.0.1.
      const refusal = await partnerRequest(url, {}, AbortSignal.timeout(2000), publicOnlyAgent).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(WagerSourceError);
      expect(refusal).toMatchObject({ message: "The partner's address localhost is on a private or local network; only public addresses are synced.", transient: false });
      expect(heard).toBe(0);
      // The same partner through an ordinary connection answers, so the refusal above is the agent's.
      expect(await partnerRequest(url, {}, AbortSignal.timeout(2000))).toEqual([]);
      expect(heard).toBe(1);
    } finally {
      await new Promise((resolve) => partner.close(resolve));
    }
  });

  it('lets a public address through', async () => {
    await expect(refuseNonPublicHost('https://8.8.8.8/v1/external/affiliates', AbortSignal.timeout(2000))).resolves.toBeUndefined();
  });
});
