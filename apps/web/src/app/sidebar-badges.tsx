import { Badge } from '@/components/ui/Badge';
import { useTranslation } from 'react-i18next';
import { useOpenAlertTotal } from '@/features/inventory/alert-count';
import { paths } from '@/lib/paths';

/** A hook giving the count to show beside a sidebar item for the selected farm (undefined: no badge). */
export type SidebarCountHook = (farmId: string | null) => number | undefined;

/**
 * Sidebar count badges, keyed by item path. Features add their hook here (the one place where
 * the shell and a feature meet), e.g. open inventory alerts beside Inventory.
 * The object is fixed at module load, so each SidebarBadge always calls the same hook.
 */
export const SIDEBAR_BADGES: Readonly<Partial<Record<string, SidebarCountHook>>> = {
  [paths.inventory]: useOpenAlertTotal,
};

export function SidebarBadge({ path, farmId }: { path: string; farmId: string | null }) {
  const useCount = SIDEBAR_BADGES[path];
  return useCount ? <CountBadge useCount={useCount} farmId={farmId} /> : null;
}

function CountBadge({ useCount, farmId }: { useCount: SidebarCountHook; farmId: string | null }) {
  const { t } = useTranslation('dashboard');
  const count = useCount(farmId);
  if (!count) return null;
  return (
    <Badge tone="amber" className="min-w-6 justify-center">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('sidebar.badge', { count })}</span>
    </Badge>
  );
}
