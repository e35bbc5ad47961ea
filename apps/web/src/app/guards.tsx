import { useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/errors/LoadingScreen';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { safeReturnPath } from '@/lib/format';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

/** Signed-in users only; others go to /login carrying the path they wanted. Spinner while the session loads. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-out') {
    const origin = location.pathname + location.search + location.hash;
    return <Navigate to={`${paths.login}?redirect=${encodeURIComponent(origin)}`} replace />;
  }
  return <Outlet />;
}

/** Log in and sign up: a signed-in user goes where they were heading, or to the dashboard. */
export function GuestOnly() {
  const { status } = useSession();
  const [params] = useSearchParams();
  if (status === 'loading') return <LoadingScreen />;
  if (status === 'signed-in')
    return <Navigate to={safeReturnPath(params.get('redirect')) ?? paths.dashboard} replace />;
  return <Outlet />;
}

/**
 * /create-farm is the first-farm onboarding: a user who already has farms picks one instead.
 * Decided once on arrival, so the farm created here does not bounce its creator to select-farm.
 */
export function CreateFarmGuard() {
  const { farms, ready } = useFarmSelection();
  const [entry, setEntry] = useState<'form' | 'select' | null>(null);
  if (entry === null && (ready || farms.length > 0)) setEntry(farms.length > 0 ? 'select' : 'form');
  if (entry === null) return <LoadingScreen />;
  if (entry === 'select') return <Navigate to={paths.selectFarm} replace />;
  return <Outlet />;
}
