import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { useOpenAlertCount } from '../alert-count';

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
