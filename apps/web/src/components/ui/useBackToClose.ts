import { useEffect, useRef } from 'react';

type SheetState = { gonaSheet?: string } | null;

let nextMarker = 0;
/** A sheet's history entry that was let go but not yet removed: the next sheet takes it over. */
let released: string | null = null;

const markerOf = () => (window.history.state as SheetState)?.gonaSheet;

/**
 * While active, an open sheet owns a history entry on top of the page's, so the phone's Back button
 * closes the sheet instead of leaving the page. `onBack` answers false to stay open (a changed form
 * asks first); the entry is then put back. Closing the sheet any other way removes the entry.
 */
export function useBackToClose(active: boolean, onBack: () => boolean) {
  const latest = useRef(onBack);
  useEffect(() => {
    latest.current = onBack;
  });

  useEffect(() => {
    if (!active) return;
    const marker = `sheet-${++nextMarker}`;
    const state = { ...(window.history.state as object | null), gonaSheet: marker };
    // A sheet closed and another opened at once (or React's double effect in development) reuse
    // the entry instead of stacking a second one on the same page.
    if (released !== null && markerOf() === released) window.history.replaceState(state, '');
    else window.history.pushState(state, '');
    released = null;

    const onPopState = () => {
      if (markerOf() === marker) return;
      if (!latest.current()) window.history.pushState(state, '');
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (markerOf() !== marker) return;
      released = marker;
      // Removed after this turn, unless a sheet opening in the same turn took the entry over.
      setTimeout(() => {
        if (released !== marker) return;
        released = null;
        if (markerOf() === marker) window.history.back();
      }, 0);
    };
  }, [active]);
}
