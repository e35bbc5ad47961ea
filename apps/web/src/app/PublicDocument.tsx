import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LoadingScreen } from '@/components/errors/LoadingScreen';
import { NotFound } from '@/components/errors/NotFound';

/**
 * Public content pages and /login are prerendered HTML served by the server, not SPA screens:
 * reaching one from inside the app loads the real document in place of this history entry (so
 * Back returns to the screen before it). If this shell itself was served for such a path
 * (the first location), there is no page to load, so it says so instead of reloading forever.
 */
export function PublicDocument() {
  const location = useLocation();
  const firstLoad = location.key === 'default';
  const target = location.pathname + location.search + location.hash;
  useEffect(() => {
    if (!firstLoad) window.location.replace(target);
  }, [firstLoad, target]);
  return firstLoad ? <NotFound /> : <LoadingScreen />;
}
