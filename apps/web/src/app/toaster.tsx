import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import { toasterReady, toasterWanted } from '@/lib/toast';

const loadSonner = () => import('./sonner-toaster');

type Loaded = { Toaster: ComponentType } | { failed: true };

/** How long a plain toast stays, as sonner's (spec section 9: 4000 ms). */
const PLAIN_TOAST_MS = 4000;

/**
 * The toast area: mounts (and downloads sonner) when the first toast is asked for. When sonner
 * cannot be downloaded (the phone went offline before the app was stored on it), the messages
 * show in a plain list instead, and sonner is fetched again once the connection is back.
 */
export function AppToaster({ load = loadSonner }: { load?: () => Promise<{ default: ComponentType }> }) {
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const subscription = toasterWanted(() => setWanted(true));
    if (subscription.wanted) setWanted(true);
    return subscription.unsubscribe;
  }, []);

  useEffect(() => {
    if (!wanted || (loaded && !('failed' in loaded))) return;
    let cancelled = false;
    const fetchToaster = () =>
      void load().then(
        (module) => !cancelled && setLoaded({ Toaster: module.default }),
        () => !cancelled && setLoaded({ failed: true }),
      );
    if (!loaded) fetchToaster();
    else window.addEventListener('online', fetchToaster, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('online', fetchToaster);
    };
  }, [wanted, loaded, load]);

  if (!loaded) return null;
  if ('failed' in loaded) return <PlainToasts />;
  return <loaded.Toaster />;
}

/** Messages without the toast library: a polite live region at the top, each gone after 4 s. */
function PlainToasts() {
  const [messages, setMessages] = useState<{ key: number; text: string; error: boolean }[]>([]);
  // A layout effect: when sonner replaces this list, the list stops taking toasts as it leaves the
  // page, so one asked for before sonner listens waits for it instead of going to a list that is gone.
  useLayoutEffect(() => {
    let next = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = toasterReady((kind, text) => {
      const key = next++;
      setMessages((shown) => [...shown.slice(-2), { key, text, error: kind === 'error' }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setMessages((shown) => shown.filter((message) => message.key !== key));
      }, PLAIN_TOAST_MS);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 top-[68px] z-50 flex flex-col items-end gap-2 sm:left-auto sm:right-4 sm:w-[356px]"
    >
      {messages.map((message) => (
        <p
          key={message.key}
          className={`pointer-events-auto w-full rounded-lg border px-4 py-3 text-sm shadow-md break-words ${
            message.error
              ? 'border-red-200 bg-red-50 text-red-800'
              : 'border-stone-200 bg-white text-stone-900'
          }`}
        >
          {message.text}
        </p>
      ))}
    </div>
  );
}
