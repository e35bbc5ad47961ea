import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';

/**
 * True while React Query believes there is a connection (it follows the browser's online events).
 * Its own module: the dashboard's shell shows it on every screen, without the queued changes of
 * lib/offline.ts (and their mutation code) on the first load.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
