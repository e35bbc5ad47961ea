import { describe, expect, it } from 'vitest';
import { can } from './index';

describe('can', () => {
  it('follows the role table of product.md', () => {
    expect(can('worker', 'records.recordEvent')).toBe(true);
    expect(can('worker', 'records.write')).toBe(false);
    expect(can('viewer', 'records.read')).toBe(true);
    expect(can('viewer', 'records.recordEvent')).toBe(false);
    expect(can('viewer', 'money.read')).toBe(true);
    expect(can('worker', 'money.read')).toBe(false);
    expect(can('manager', 'farm.delete')).toBe(false);
    expect(can('owner', 'farm.delete')).toBe(true);
    expect(can(null, 'records.read')).toBe(false);
  });
});
