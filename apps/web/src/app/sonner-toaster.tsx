import { useEffect } from 'react';
import { toast, Toaster, type ToasterProps } from 'sonner';
import { toasterReady } from '@/lib/toast';

/**
 * Spec section 9 toast defaults: 3 visible, 4000 ms, 356 px wide, 14 px gap, 200 ms removal
 * delay, hotkey Alt+T, top-right. sonner's own defaults already match the visible count,
 * duration, width, gap, removal delay and hotkey; they are set here anyway so the contract is
 * written down in one place. sonner 2 fixes its swipe-to-dismiss threshold at 45 px (not
 * configurable), so the spec's 20 px is the one default we cannot honour without forking it.
 */
export const TOASTER_PROPS = {
  position: 'top-right',
  // On phones a toast spans the width: it starts below the 60 px top bar so that the menu, the
  // farm switcher and its options stay tappable while it shows.
  mobileOffset: { top: 68 },
  visibleToasts: 3,
  duration: 4000,
  gap: 14,
  hotkey: ['altKey', 'KeyT'],
  style: { '--width': '356px' } as ToasterProps['style'],
  closeButton: true,
  richColors: true,
} satisfies ToasterProps;

/** sonner's toaster; once it listens (its effect runs before this one) it takes lib/toast's calls. */
export default function SonnerToaster() {
  useEffect(
    () =>
      toasterReady((kind, message, options) => {
        if (kind === 'message') toast(message, options);
        else toast[kind](message, options);
      }),
    [],
  );
  return <Toaster {...TOASTER_PROPS} />;
}
