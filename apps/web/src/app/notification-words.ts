import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification, NotificationParams } from '@gona/shared/notifications';
import { useQuantityText } from '@/features/inventory/format';
import type { NotificationWords } from '@/features/notifications/components/NotificationList';

/**
 * A notification in the person's language, from its kind and params; each kind's words come from
 * the feature it is about (quantities from inventory). A kind this version of the app does not know
 * yet shows the English the server stored.
 */
export function useNotificationWords(): (notification: Notification) => NotificationWords {
  const { t } = useTranslation('notifications');
  const quantityText = useQuantityText();
  return useCallback(
    (notification) => {
      switch (notification.kind) {
        case 'low_stock': {
          const p = notification.params as NotificationParams['low_stock'];
          return {
            title: t('kinds.low_stock.title', { name: p.supply_name }),
            body: t('kinds.low_stock.body', {
              name: p.supply_name,
              quantity: quantityText(p.quantity, p.unit),
              threshold: quantityText(p.low_threshold, p.unit),
            }),
          };
        }
        case 'test':
          return { title: t('kinds.test.title'), body: t('kinds.test.body') };
        default:
          return { title: notification.title, body: notification.body };
      }
    },
    [t, quantityText],
  );
}
