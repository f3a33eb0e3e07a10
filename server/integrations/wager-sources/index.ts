import type { SourceInput } from '../../../common/contracts/wager-sources';
import { WAGER_SOURCE_DEFAULT_URLS } from '../../../common/wager-sources';
import { publicOnlyAgent, refuseNonPublicHost } from './address-guard';
import { genericAdapter } from './generic';
import { partnerRequest } from './http';
import { packdrawAdapter } from './packdraw';
import { rainbetAdapter } from './rainbet';
import { roobetAdapter } from './roobet';
import { shuffleAdapter } from './shuffle';
import type { PartnerRequest, WagerAdapter } from './types';

export type { WagerAdapter, WagerRow, WagerWindow } from './types';
export { WagerSourceError } from './types';

/** The saved settings of a source, with its key: enough to build its adapter. */
export type SourceSettings = SourceInput extends infer Kind
  ? Kind extends SourceInput
    ? Pick<Kind, 'kind' | 'options' | 'base_url' | 'rank_on'> & { secret: string }
    : never
  : never;

export interface PartnerNetwork {
  /** Whether a partner may be on this machine or a private network (WAGER_SOURCES_ALLOW_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean;
}

/** One adapter per partner kind, each a small module behind the WagerAdapter interface. */
export function createWagerAdapter(source: SourceSettings, { allowPrivateAddresses }: PartnerNetwork): WagerAdapter {
  const { secret } = source;
  const request: PartnerRequest = allowPrivateAddresses
    ? partnerRequest
    : async (url, init, signal) => {
        await refuseNonPublicHost(url, signal);
        return partnerRequest(url, init, signal, publicOnlyAgent);
      };
  const base = (fallback: string) => (source.base_url ?? fallback).replace(/\/+$/, '');
  switch (source.kind) {
    case 'roobet':
      return roobetAdapter({ baseUrl: base(WAGER_SOURCE_DEFAULT_URLS.roobet), secret, options: source.options, request });
    case 'shuffle':
      return shuffleAdapter({ baseUrl: base(WAGER_SOURCE_DEFAULT_URLS.shuffle), secret, options: source.options, weighted: source.rank_on === 'weighted', request });
    case 'rainbet':
      return rainbetAdapter({ baseUrl: base(WAGER_SOURCE_DEFAULT_URLS.rainbet), secret, options: {}, request });
    case 'packdraw':
      return packdrawAdapter({ baseUrl: base(WAGER_SOURCE_DEFAULT_URLS.packdraw), secret, options: {}, request });
    case 'generic':
      return genericAdapter({ baseUrl: '', secret, options: source.options, request });
  }
}
