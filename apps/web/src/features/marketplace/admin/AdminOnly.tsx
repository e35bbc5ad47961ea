import type { ReactNode } from 'react';
import { NotFound } from '@/components/errors/NotFound';
import { useSession } from '@/lib/session';

/** Gona's back office is for platform admins only: anyone else sees the not-found screen. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user?.platform_role !== 'admin') return <NotFound />;
  return <>{children}</>;
}
