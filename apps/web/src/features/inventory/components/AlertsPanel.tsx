import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { toast } from '@/lib/toast';
import { can, type FarmRole } from '@gona/shared/permissions';
import type { InventoryAlert } from '@gona/shared/inventory';
import { Button, PagedList } from '@/components/ui';
import { pageItems } from '@/lib/paged-query';
import { useOpenAlertCount, useOpenAlerts, useResolveAlert } from '../api';
import { useErrorText } from '@/lib/error-text';
import { useQuantityText } from '@/lib/quantity-text';
import { formatDate } from '../format';

type Props = { farmId: string; role: FarmRole; supplyPath: (supplyId: string) => string };

/**
 * Open low-stock alerts, newest first, each with its supply and a Dismiss button. Dismissing hides
 * the alert only; whether anything is still low comes from the supplies' quantities.
 */
export function AlertsPanel({ farmId, role, supplyPath }: Props) {
  const { t } = useTranslation('inventory');
  const quantityText = useQuantityText();
  const errorText = useErrorText();
  const alerts = useOpenAlerts(farmId);
  const lowStock = useOpenAlertCount(farmId).data?.low_stock ?? 0;
  const resolve = useResolveAlert(farmId);
  const canResolve = can(role, 'records.recordEvent');

  async function onResolve(alert: InventoryAlert) {
    try {
      await resolve.mutateAsync(alert.id);
      toast.success(t('alerts.resolved', { name: alert.supply.name }));
    } catch (error) {
      toast.error(t('alerts.failed', { message: errorText(error) }));
    }
  }

  return (
    <section
      aria-labelledby="inventory-alerts-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2
        id="inventory-alerts-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold text-stone-900"
      >
        <TriangleAlert aria-hidden="true" className="size-5 text-amber-700" />
        {t('alerts.title')}
      </h2>
      <PagedList
        query={alerts}
        items={pageItems(alerts.data)}
        skeletonRows={1}
        errorTitle={t('alerts.errorTitle')}
        errorText={(message) => t('alerts.errorText', { message })}
        empty={
          <p className="text-stone-800">
            {lowStock > 0 ? t('alerts.noneButLow', { count: lowStock }) : t('alerts.none')}
          </p>
        }
      >
        {(items) => (
          <>
            {canResolve && <p className="mb-2 text-sm text-stone-700">{t('alerts.dismissHint')}</p>}
            <ul aria-label={t('alerts.label')} className="flex flex-col gap-2">
              {items.map((alert) => (
                <li
                  key={alert.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white px-3 py-2"
                >
                  <div className="flex min-w-0 flex-col">
                    <Link
                      to={supplyPath(alert.supply_id)}
                      className="font-medium wrap-anywhere text-stone-900 underline-offset-2 hover:underline"
                    >
                      {t('alerts.item', {
                        name: alert.supply.name,
                        quantity: quantityText(alert.supply.quantity, alert.supply.unit),
                        threshold: quantityText(alert.supply.low_threshold, alert.supply.unit),
                      })}
                    </Link>
                    <span className="text-sm text-stone-700">
                      {t('alerts.since', { date: formatDate(alert.created_at) })}
                    </span>
                  </div>
                  {canResolve && (
                    <Button
                      variant="secondary"
                      aria-label={t('alerts.resolveName', { name: alert.supply.name })}
                      loading={resolve.isPending && resolve.variables === alert.id}
                      onClick={() => void onResolve(alert)}
                    >
                      {t('alerts.resolve')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedList>
    </section>
  );
}
