import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaleUnit } from '@gona/shared/finance';
import type { Notification, NotificationParams } from '@gona/shared/notifications';
import { useQuantityText } from '@/lib/quantity-text';
import { dayMonthYear } from '@/lib/format';
import type { NotificationWords } from '@/features/notifications/components/NotificationList';

/**
 * A notification in the person's language, from its kind and params; each kind's words come from
 * the feature it is about (quantities from inventory). A kind this version of the app does not know
 * yet shows the English the server stored.
 */
export function useNotificationWords(): (notification: Notification) => NotificationWords {
  const { t } = useTranslation('notifications');
  const quantityText = useQuantityText();
  const orderWhat = useCallback(
    (p: { quantity: string; unit: SaleUnit; listing_title: string }) =>
      t('kinds.order_sold.what', {
        quantity: grouped(p.quantity),
        unit: t(`kinds.saleUnits.${p.unit}`),
        title: p.listing_title,
      }),
    [t],
  );
  /** What was short on delivery and refunded, or nothing when all was delivered. */
  const shortWords = useCallback(
    (key: string, p: { delivered_quantity: string; refund_kobo: number; unit: SaleUnit }): string =>
      p.refund_kobo > 0
        ? t(key, {
            quantity: grouped(p.delivered_quantity),
            unit: t(`kinds.saleUnits.${p.unit}`),
            refund: naira(p.refund_kobo),
          })
        : '',
    [t],
  );
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
        case 'tasks_today': {
          const p = notification.params as NotificationParams['tasks_today'];
          const parts = [
            p.due_today > 0 ? t('kinds.tasks_today.due', { count: p.due_today }) : null,
            p.overdue > 0 ? t('kinds.tasks_today.overdue', { count: p.overdue }) : null,
          ].filter(Boolean);
          return {
            title: t('kinds.tasks_today.title', { farm: p.farm_name, parts: parts.join(', ') }),
            body:
              p.titles.length > 0
                ? t('kinds.tasks_today.body', { titles: p.titles.join('; ') })
                : t('kinds.tasks_today.bodyEmpty'),
          };
        }
        case 'task_overdue': {
          const p = notification.params as NotificationParams['task_overdue'];
          return {
            title: t('kinds.task_overdue.title', { title: p.title }),
            body: t('kinds.task_overdue.body', { title: p.title, date: dayMonthYear(p.due_date) }),
          };
        }
        case 'climate_alert': {
          const p = notification.params as NotificationParams['climate_alert'];
          if (p.market) {
            const up = p.market.change_percent > 0;
            const prices = t('kinds.climate_alert.market.prices', {
              price: naira(p.market.price_kobo),
              was: naira(p.market.was_kobo),
              where: t(`kinds.climate_alert.market.${p.market.where === 'state' ? 'inState' : 'national'}`),
            });
            return {
              title: t(`kinds.climate_alert.market.${up ? 'titleUp' : 'titleDown'}`, {
                crop: p.about_name ?? '',
                percent: Math.abs(p.market.change_percent),
              }),
              body: t(`kinds.climate_alert.market.${up ? 'bodyUp' : 'bodyDown'}`, {
                prices,
                farm: p.farm_name,
              }),
            };
          }
          return {
            title: t('kinds.climate_alert.title', {
              serious: p.severity === 'severe' ? t('kinds.climate_alert.serious') : '',
              rule: t(`kinds.climate_alert.rules.${p.rule}`),
              farm: p.farm_name,
            }),
            body: t('kinds.climate_alert.body', {
              days:
                p.from === p.to
                  ? dayMonthYear(p.from)
                  : t('kinds.climate_alert.period', { from: dayMonthYear(p.from), to: dayMonthYear(p.to) }),
              about: p.about_name ? t('kinds.climate_alert.about', { name: p.about_name }) : '',
            }),
          };
        }
        case 'payment_due': {
          const p = notification.params as NotificationParams['payment_due'];
          const owes = t('kinds.payment_due.owes', {
            buyer: p.buyer_name ?? t('kinds.payment_due.aBuyer'),
            amount: naira(p.owed_kobo),
          });
          return {
            title: t(p.overdue ? 'kinds.payment_due.titleOverdue' : 'kinds.payment_due.title', { owes }),
            body: t('kinds.payment_due.body', {
              product: p.product,
              farm: p.farm_name,
              date: dayMonthYear(p.due_date),
            }),
          };
        }
        case 'order_sold': {
          const p = notification.params as NotificationParams['order_sold'];
          const what = orderWhat(p);
          switch (p.status) {
            case 'paid':
              return {
                title: t('kinds.order_sold.titlePaid', { what }),
                body: t('kinds.order_sold.bodyPaid', { total: naira(p.total_kobo) }),
              };
            case 'dispatch_late':
              return {
                title: t('kinds.order_sold.titleDispatchLate', { what }),
                body: t('kinds.order_sold.bodyDispatchLate', { date: dayMonthYear(p.dispatch_by) }),
              };
            case 'delivered':
              return {
                title: t('kinds.order_sold.titleDelivered', { what }),
                body: t('kinds.order_sold.bodyDelivered', {
                  short: shortWords('kinds.order_sold.short', p),
                  hours: p.complete_hours,
                }),
              };
            case 'completed':
              return {
                title: t('kinds.order_sold.titleCompleted', {
                  amount: naira(p.seller_amount_kobo),
                  title: p.listing_title,
                }),
                body: t('kinds.order_sold.bodyCompleted', { what }),
              };
            default:
              return {
                title: t('kinds.order_sold.titleCancelled', { what }),
                body: t('kinds.order_sold.bodyCancelled'),
              };
          }
        }
        case 'order_update': {
          const p = notification.params as NotificationParams['order_update'];
          const words = { what: orderWhat(p), farm: p.farm_name, total: naira(p.total_kobo) };
          if (p.status === 'dispatched') {
            const key = p.delivery === 'pickup' ? 'dispatchedPickup' : 'dispatched';
            return {
              title: t(`kinds.order_update.titles.${key}`, words),
              body: t(`kinds.order_update.bodies.${key}`, {
                ...words,
                date: dayMonthYear(p.expected_on),
                driver: p.driver_name ?? t('kinds.order_update.theDriver'),
                phone: p.driver_phone ? t('kinds.order_update.driverPhone', { phone: p.driver_phone }) : '',
              }),
            };
          }
          if (p.status === 'delivered')
            return {
              title: t('kinds.order_update.titles.delivered', words),
              body: t('kinds.order_update.bodies.delivered', {
                short: shortWords('kinds.order_update.short', p),
                hours: p.complete_hours,
              }),
            };
          return {
            title: t(`kinds.order_update.titles.${p.status}`, words),
            // A cancellation says why, as the order does.
            body:
              p.status === 'cancelled' && p.reason
                ? p.reason
                : t(`kinds.order_update.bodies.${p.status}`, words),
          };
        }
        case 'subscription': {
          const p = notification.params as NotificationParams['subscription'];
          if (p.status === 'paid')
            return {
              title: t('kinds.subscription.titlePaid', { farm: p.farm_name }),
              body: t(p.renews ? 'kinds.subscription.bodyPaidRenews' : 'kinds.subscription.bodyPaid', {
                farm: p.farm_name,
                amount: naira(p.amount_kobo),
                receipt: p.receipt_number,
                date: dayMonthYear(p.until),
              }),
            };
          if (p.status === 'renewal_failed')
            return {
              title: t('kinds.subscription.titleFailed', { farm: p.farm_name }),
              body: t('kinds.subscription.bodyFailed', {
                amount: naira(p.amount_kobo),
                date: dayMonthYear(p.grace_until),
              }),
            };
          if (p.status === 'ended')
            return {
              title: t('kinds.subscription.titleEnded', { farm: p.farm_name }),
              body:
                p.inactive_workers > 0
                  ? t('kinds.subscription.bodyEndedWorkers', { count: p.inactive_workers })
                  : t('kinds.subscription.bodyEnded'),
            };
          if (p.status === 'cancelled')
            return {
              title: t('kinds.subscription.titleCancelled', { farm: p.farm_name }),
              body: t('kinds.subscription.bodyCancelled', { farm: p.farm_name, date: dayMonthYear(p.until) }),
            };
          if (p.status === 'payer_left')
            return {
              title: t('kinds.subscription.titleCancelled', { farm: p.farm_name }),
              body: t('kinds.subscription.bodyPayerLeft', { farm: p.farm_name, date: dayMonthYear(p.until) }),
            };
          return {
            title: t('kinds.subscription.titleGranted', { farm: p.farm_name }),
            body: t('kinds.subscription.bodyGranted', { farm: p.farm_name, date: dayMonthYear(p.until) }),
          };
        }
        case 'payout': {
          const p = notification.params as NotificationParams['payout'];
          if (p.status === 'account_changed')
            return {
              title: t('kinds.payout.titleChanged', { farm: p.farm_name }),
              body: t('kinds.payout.bodyChanged', {
                farm: p.farm_name,
                bank: p.bank_name,
                last4: p.account_last4,
                name: p.account_name,
                hours: p.hold_hours,
              }),
            };
          if (p.status === 'paid')
            return {
              title: t('kinds.payout.titlePaid', { amount: naira(p.amount_kobo) }),
              body: t('kinds.payout.bodyPaid', {
                amount: naira(p.amount_kobo),
                title: p.listing_title,
                bank: p.bank_name,
                last4: p.account_last4,
              }),
            };
          return {
            title: t('kinds.payout.titleFailed', { amount: naira(p.amount_kobo), title: p.listing_title }),
            body: t('kinds.payout.bodyFailed', { failure: p.failure }),
          };
        }
        case 'support_reply': {
          const p = notification.params as NotificationParams['support_reply'];
          return {
            title: t(p.solved ? 'kinds.support_reply.titleSolved' : 'kinds.support_reply.title'),
            body: t(p.solved ? 'kinds.support_reply.bodySolved' : 'kinds.support_reply.body', {
              subject: p.subject,
            }),
          };
        }
        case 'dispute': {
          const p = notification.params as NotificationParams['dispute'];
          if (p.status === 'opened') {
            const side = p.to === 'seller' ? 'Seller' : 'Buyer';
            return {
              title: t(`kinds.dispute.titleOpened${side}`, { title: p.listing_title }),
              body: t(`kinds.dispute.bodyOpened${side}`, { hours: p.answer_hours }),
            };
          }
          if (p.status === 'unanswered') {
            const side = p.to === 'seller' ? 'Seller' : p.to === 'gona' ? 'Gona' : 'Buyer';
            return {
              title: t(`kinds.dispute.titleUnanswered${side}`, { title: p.listing_title }),
              body: t(`kinds.dispute.bodyUnanswered${side}`),
            };
          }
          return {
            title: t('kinds.dispute.titleDecided', { title: p.listing_title }),
            body: t('kinds.dispute.bodyDecided', {
              outcome: t(`kinds.dispute.${p.outcome}`, { amount: naira(p.refund_kobo) }),
              reason: p.reason,
            }),
          };
        }
        case 'rating': {
          const p = notification.params as NotificationParams['rating'];
          const words = { stars: p.stars, title: p.listing_title, farm: p.farm_name };
          return p.side === 'buyer'
            ? { title: t('kinds.rating.titleBuyer', words), body: t('kinds.rating.bodyBuyer', words) }
            : { title: t('kinds.rating.titleSeller', words), body: t('kinds.rating.bodySeller', words) };
        }
        case 'moderation': {
          const p = notification.params as NotificationParams['moderation'];
          if (p.status === 'listing_hidden' || p.status === 'listing_shown')
            return {
              title: t(`kinds.moderation.${p.status}.title`, { title: p.listing_title }),
              body: t(`kinds.moderation.${p.status}.body`, {
                reason: p.status === 'listing_hidden' ? p.reason : '',
              }),
            };
          return {
            title: t(`kinds.moderation.${p.status}.title`),
            body: t(`kinds.moderation.${p.status}.body`, {
              reason: p.status === 'selling_suspended' ? p.reason : '',
            }),
          };
        }
        case 'listing_withheld': {
          const p = notification.params as NotificationParams['listing_withheld'];
          const date = dayMonthYear(p.until);
          const titles = p.listing_titles.join(', ');
          const what =
            p.listing_count === 1
              ? (p.listing_titles[0] ?? '')
              : t('kinds.listing_withheld.several', {
                  count: p.listing_count,
                  titles:
                    p.listing_count > p.listing_titles.length
                      ? t('kinds.listing_withheld.more', { titles })
                      : titles,
                });
          return {
            title: t('kinds.listing_withheld.title', { date, name: p.animal_name }),
            body: t('kinds.listing_withheld.body', {
              count: p.listing_count,
              what,
              date,
              name: p.animal_name,
              treatment: p.treatment ?? t('kinds.listing_withheld.aTreatment'),
            }),
          };
        }
        case 'payment_check': {
          const p = notification.params as NotificationParams['payment_check'];
          if (p.status === 'extra')
            return {
              title: t('kinds.payment_check.titleExtra', { amount: naira(p.amount_kobo) }),
              body: t(
                p.refunding
                  ? 'kinds.payment_check.bodyExtraRefunding'
                  : 'kinds.payment_check.bodyExtraForStaff',
                { problem: p.problem, reference: p.reference },
              ),
            };
          if (p.status === 'refund_failed')
            return {
              title: t('kinds.payment_check.titleRefundFailed', { amount: naira(p.amount_kobo) }),
              body: t('kinds.payment_check.bodyRefundFailed', { reference: p.reference }),
            };
          return {
            title: t('kinds.payment_check.titleReconciliation', { count: p.differences }),
            body: t('kinds.payment_check.bodyReconciliation', {
              count: p.differences,
              day: dayMonthYear(p.day),
              recorded: p.recorded > 0 ? ` ${t('kinds.payment_check.recorded', { count: p.recorded })}` : '',
              references: `${p.references.join(', ')}${p.differences > p.references.length ? ', …' : ''}`,
            }),
          };
        }
        case 'report_ready': {
          const p = notification.params as NotificationParams['report_ready'];
          return {
            title: t('kinds.report_ready.title', { farm: p.farm_name }),
            body: t('kinds.report_ready.body', { from: dayMonthYear(p.from), to: dayMonthYear(p.to) }),
          };
        }
        case 'monthly_report': {
          const p = notification.params as NotificationParams['monthly_report'];
          return {
            title: t('kinds.monthly_report.title', {
              farm: p.farm_name,
              month: `${p.month.slice(5, 7)}/${p.month.slice(0, 4)}`,
            }),
            body: t('kinds.monthly_report.body', {
              income: naira(p.income_kobo),
              costs: naira(p.costs_kobo),
              margin: naira(p.margin_kobo),
              eggs: p.eggs,
              deaths: p.deaths,
              done: p.tasks_done,
              late: p.tasks_late,
            }),
          };
        }
        case 'test':
          return { title: t('kinds.test.title'), body: t('kinds.test.body') };
        default:
          return { title: notification.title, body: notification.body };
      }
    },
    [t, quantityText, orderWhat, shortWords],
  );
}

/** "12500.5" → "12,500.5", decimals as stored (a quantity of an order). */
function grouped(quantity: string): string {
  return quantity.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
}

/** "₦350,000" or "₦1,250.50" as the money screens say it, without the money module (it brings the validator). */
function naira(kobo: number): string {
  const fraction = kobo % 100 ? 2 : 0;
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: fraction, maximumFractionDigits: fraction })}`;
}
