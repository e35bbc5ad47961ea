import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstOr, forgetFirstLoad, startFirstLoad } from './first-load';

afterEach(() => forgetFirstLoad());

describe('first load', () => {
  it('hands the answer started at load to its first reader only; later readers ask afresh', async () => {
    startFirstLoad({ farms: () => Promise.resolve('at load') });
    const load = vi.fn(() => Promise.resolve('afresh'));
    await expect(firstOr('farms', load)).resolves.toBe('at load');
    expect(load).not.toHaveBeenCalled();
    await expect(firstOr('farms', load)).resolves.toBe('afresh');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks afresh when what was started failed, so the reader meets its own failure', async () => {
    startFirstLoad({ me: () => Promise.reject(new Error('offline at load')) });
    await expect(firstOr('me', () => Promise.reject(new Error('still offline')))).rejects.toThrow(
      'still offline',
    );
    startFirstLoad({ me: () => Promise.reject(new Error('offline at load')) });
    await expect(firstOr('me', () => Promise.resolve('back online'))).resolves.toBe('back online');
  });

  it('asks afresh after signing out forgets what was started', async () => {
    startFirstLoad({ session: () => Promise.resolve('the last person') });
    forgetFirstLoad();
    await expect(firstOr('session', () => Promise.resolve('the next person'))).resolves.toBe(
      'the next person',
    );
  });
});
