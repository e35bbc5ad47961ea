import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { AppToaster } from './toaster';

describe('toaster without its library', () => {
  it('shows the message in a plain list when sonner cannot be downloaded, and takes sonner once back online', async () => {
    let online = false;
    const load = () =>
      online
        ? import('./sonner-toaster')
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    render(<AppToaster load={load} />);
    act(() => toast.success('Saved on this phone. It will be sent when you are back online.'));
    const plain = await screen.findByText('Saved on this phone. It will be sent when you are back online.');
    expect(plain.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await screen.findByRole('region', { name: 'Notifications alt+T' }, { timeout: 15_000 });
    act(() => toast('Back online'));
    // sonner's chunk and its first toast (sonner adds it on a timer) can take seconds on a busy
    // machine; the bounds are generous so that only a toast that never comes fails.
    expect(await screen.findByText('Back online', {}, { timeout: 15_000 })).toBeInTheDocument();
    // The first import of sonner's chunk alone can take seconds while other test files run.
  }, 40_000);
});
