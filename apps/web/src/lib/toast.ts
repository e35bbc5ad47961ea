/**
 * Toasts without the toast library in the first load: the first call asks the app's toaster to
 * mount (it downloads sonner then) and the toast shows once it is listening. The calls are
 * sonner's, so a screen writes `toast.success(text)` as before.
 */
type Kind = 'message' | 'success' | 'warning' | 'error';
type ToastOptions = { id?: string };
type Show = (kind: Kind, message: string, options?: ToastOptions) => void;

let show: Show | null = null;
const waiting: Parameters<Show>[] = [];
let wanted = false;
const wantListeners = new Set<() => void>();

function enqueue(kind: Kind, message: string, options?: ToastOptions): void {
  if (show) {
    show(kind, message, options);
    return;
  }
  waiting.push([kind, message, options]);
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
}

export const toast = Object.assign(
  (message: string, options?: ToastOptions) => enqueue('message', message, options),
  {
    success: (message: string, options?: ToastOptions) => enqueue('success', message, options),
    warning: (message: string, options?: ToastOptions) => enqueue('warning', message, options),
    error: (message: string, options?: ToastOptions) => enqueue('error', message, options),
  },
);

/** For the toaster: true once a toast has been asked for; `listener` hears the first ask. */
export function toasterWanted(listener: () => void): { wanted: boolean; unsubscribe: () => void } {
  wantListeners.add(listener);
  return { wanted, unsubscribe: () => wantListeners.delete(listener) };
}

/** For the toaster, once it listens: shows what waited and takes the calls from now on. */
export function toasterReady(next: Show): () => void {
  show = next;
  for (const args of waiting.splice(0)) next(...args);
  return () => {
    if (show === next) show = null;
  };
}
