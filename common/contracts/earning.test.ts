import { describe, expect, it } from 'vitest';
import { ledgerReasonLabel } from './earning';

describe('ledgerReasonLabel', () => {
  it('gives the words of a known reason, including the demo content’s starting balance', () => {
    expect(ledgerReasonLabel('store_redemption')).toBe('Store redemption');
    expect(ledgerReasonLabel('demo_seed')).toBe('Demo starting balance');
  });

  it('reads an unknown reason code as a sentence', () => {
    expect(ledgerReasonLabel('legacy_import_fix')).toBe('Legacy import fix');
  });
});
