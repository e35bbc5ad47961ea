import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can, type FarmRole } from '@gona/shared/permissions';
import { PageHeader, cx } from '@/components/ui';
import { BrowseListings } from './BrowseListings';
import { MyListings } from './MyListings';
import { OrderList } from './OrderList';
import { OrderSales } from './OrderSales';

type Props = {
  /** The selected farm and the person's role on it; null for a buyer without a farm. */
  farm: { id: string; role: FarmRole } | null;
};

const TABS = ['browse', 'orders', 'mine', 'sales'] as const;
type Tab = (typeof TABS)[number];

/**
 * The marketplace: Browse for everyone signed in; My listings beside it when a farm is selected
 * and the person may see its listings. The tab is in the address (?tab=mine), so Back returns to it.
 */
export function MarketplaceTabs({ farm }: Props) {
  const { t } = useTranslation('marketplace');
  const [search, setSearch] = useSearchParams();
  const seller = farm && can(farm.role, 'marketplace.read') ? farm : null;
  // My orders for everyone; the farm's listings and orders for those who may see them.
  const tabs: readonly Tab[] = seller ? TABS : (['browse', 'orders'] as const);
  const asked = search.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'browse';

  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      {tabs.length > 1 && (
        <div
          role="tablist"
          aria-label={t('tabs.label')}
          className="mb-4 flex flex-wrap gap-x-2 border-b border-stone-200"
        >
          {tabs.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`marketplace-tab-${value}`}
              aria-selected={tab === value}
              aria-controls={`marketplace-panel-${value}`}
              onClick={() => setSearch(value === 'browse' ? {} : { tab: value })}
              className={cx(
                '-mb-px min-h-11 border-b-2 px-3 font-medium',
                tab === value ? 'border-green-700 text-green-800' : 'border-transparent text-stone-700',
              )}
            >
              {t(`tabs.${value}`)}
            </button>
          ))}
        </div>
      )}
      <div
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        id={`marketplace-panel-${tab}`}
        aria-labelledby={tabs.length > 1 ? `marketplace-tab-${tab}` : undefined}
      >
        {tab === 'orders' ? (
          <OrderList />
        ) : tab === 'sales' && seller ? (
          <OrderSales farmId={seller.id} role={seller.role} />
        ) : tab === 'mine' && seller ? (
          <MyListings farmId={seller.id} role={seller.role} />
        ) : (
          <BrowseListings nearFarmId={farm?.id ?? null} />
        )}
      </div>
    </div>
  );
}
