import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { commissionKobo } from './orders.rows';

const BASE = { NODE_ENV: 'test', BASE_URL: 'http://localhost:3000', AUTH_SECRET: 'x'.repeat(32) };

describe('commission', () => {
  it('is configured per plan in basis points, 500 on Free and 300 on Pro unless set', () => {
    expect(loadConfig(BASE).marketCommissionBps).toEqual({ free: 500, pro: 300 });
    expect(
      loadConfig({ ...BASE, MARKET_COMMISSION_BPS_FREE: '450', MARKET_COMMISSION_BPS_PRO: '0' })
        .marketCommissionBps,
    ).toEqual({ free: 450, pro: 0 });
    expect(() => loadConfig({ ...BASE, MARKET_COMMISSION_BPS_FREE: '-1' })).toThrow(
      /MARKET_COMMISSION_BPS_FREE: must be 0 or more/,
    );
    expect(() => loadConfig({ ...BASE, MARKET_COMMISSION_BPS_PRO: '2.5' })).toThrow(
      /MARKET_COMMISSION_BPS_PRO/,
    );
  });

  it("is whole kobo of the subtotal at the seller's plan's rate, rounded half up", () => {
    const rates = { free: 500, pro: 300 };
    expect(commissionKobo(12_500_000, 'free', rates)).toBe(625_000);
    expect(commissionKobo(12_345, 'pro', rates)).toBe(370);
    expect(commissionKobo(50, 'free', rates)).toBe(3);
    expect(commissionKobo(49, 'free', rates)).toBe(2);
    expect(commissionKobo(9_007_199_254_740_991, 'free', rates)).toBe(450_359_962_737_050);
  });
});
