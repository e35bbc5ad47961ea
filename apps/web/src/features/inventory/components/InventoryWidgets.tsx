import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Download, TriangleAlert } from 'lucide-react';
import { buttonClasses } from '@/components/ui/Button';
import { exportUrls, useOpenAlertCount } from '../api';

/**
 * The dashboard card: how many supplies are low (by quantity, dismissed alerts included), linking to
 * the inventory. Its words are the dashboard's, so the dashboard does not download inventory's.
 */
export function LowStockCard({ farmId, inventoryPath }: { farmId: string; inventoryPath: string }) {
  const { t } = useTranslation('dashboard');
  const count = useOpenAlertCount(farmId);
  const low = count.data?.low_stock ?? 0;
  return (
    <section
      aria-labelledby="low-stock-card-title"
      className="mb-6 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id="low-stock-card-title" className="flex items-center gap-2 font-semibold text-stone-900">
        <TriangleAlert
          aria-hidden="true"
          className={low > 0 ? 'size-5 text-amber-700' : 'size-5 text-stone-500'}
        />
        {t('home.lowStock.title')}
      </h2>
      <p className="mt-2 text-2xl font-bold tabular-nums text-stone-900">
        {count.isPending ? '…' : t('home.lowStock.count', { count: low })}
      </p>
      <Link
        to={inventoryPath}
        className="mt-3 inline-flex min-h-11 items-center font-medium text-green-800 underline-offset-2 hover:underline"
      >
        {t('home.lowStock.open')}
      </Link>
    </section>
  );
}

/** CSV downloads of the farm's supplies and stock history (the browser saves the file). */
export function ExportLinks({ farmId }: { farmId: string }) {
  const { t } = useTranslation('inventory');
  const urls = exportUrls(farmId);
  return (
    <div className="flex flex-wrap gap-2">
      <a href={urls.supplies} download className={buttonClasses('secondary')}>
        <Download aria-hidden="true" className="size-4" />
        {t('export.supplies')}
      </a>
      <a href={urls.movements} download className={buttonClasses('secondary')}>
        <Download aria-hidden="true" className="size-4" />
        {t('export.movements')}
      </a>
    </div>
  );
}
