import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { TOASTER_PROPS } from './sonner-toaster';
import { AppToaster } from './toaster';

describe('toaster', () => {
  it('mounts on the first toast, with the spec defaults: top-right, 3 visible, 4000 ms, 356 px, gap 14 px, Alt+T', async () => {
    expect(TOASTER_PROPS).toMatchObject({
      position: 'top-right',
      visibleToasts: 3,
      duration: 4000,
      gap: 14,
      hotkey: ['altKey', 'KeyT'],
    });
    const { container } = render(<AppToaster />);
    expect(container.ownerDocument.querySelector('[data-sonner-toaster]')).toBeNull();
    act(() => {
      for (const n of [1, 2, 3, 4]) toast(`Message ${n}`);
    });
    await screen.findByText('Message 4');
    expect(screen.getByRole('region')).toHaveAttribute('aria-label', 'Notifications alt+T');
    const list = container.ownerDocument.querySelector('[data-sonner-toaster]');
    expect(list).toHaveAttribute('data-y-position', 'top');
    expect(list).toHaveAttribute('data-x-position', 'right');
    expect((list as HTMLElement).style.getPropertyValue('--width')).toBe('356px');
    expect((list as HTMLElement).style.getPropertyValue('--gap')).toBe('14px');
    expect(container.ownerDocument.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(
      3,
    );
  });
});
