import { ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, PagedList } from '@/components/ui';
import { pageItems } from '@/lib/paged-query';
import { orderPath } from '../links';
import { useMyOrders } from '../orders-api';
import { OrderCard } from './OrderCard';

/** "My orders": what the person ordered, newest first, each opening its own page. */
export function OrderList() {
  const { t } = useTranslation('marketplace');
  const query = useMyOrders();
  return (
    <PagedList
      query={query}
      items={pageItems(query.data)}
      errorTitle={t('orders.mine.errorTitle')}
      errorText={(message) => message}
      empty={
        <EmptyState
          icon={ShoppingBag}
          title={t('orders.mine.empty')}
          description={t('orders.mine.emptyHint')}
        />
      }
    >
      {(rows) => (
        <ul className="flex flex-col gap-3" aria-label={t('orders.mine.label')}>
          {rows.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                side="buyer"
                title={
                  <Link
                    to={orderPath(order.id)}
                    className="text-green-800 underline-offset-4 hover:underline"
                  >
                    {order.listing_title}
                  </Link>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
