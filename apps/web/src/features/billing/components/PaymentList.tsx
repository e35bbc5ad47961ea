import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { Subscription, SubscriptionPayment } from '@gona/shared/billing';
import { formatNaira } from '@gona/shared/money';
import { receiptPath } from '../keys';
import { formatDay, lastDay } from '../format';

const CHANNELS = new Set(['card', 'bank_transfer', 'ussd', 'bank']);

/** Every payment, newest first, each with its printable receipt (opened in a tab of its own). */
export function PaymentList({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const timeZone = subscription.timezone;
  const day = (iso: string) => formatDay(iso, timeZone);
  const channel = (payment: SubscriptionPayment) =>
    CHANNELS.has(payment.channel)
      ? t(`payments.channels.${payment.channel}`)
      : t('payments.channels.other', { channel: payment.channel });
  return (
    <section
      aria-labelledby="payments-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <h2 id="payments-title" className="text-lg font-semibold text-stone-900">
        {t('payments.title')}
      </h2>
      {subscription.payments.length === 0 ? (
        <p className="mt-2 text-stone-700">{t('payments.empty')}</p>
      ) : (
        <ul aria-labelledby="payments-title" className="mt-2 divide-y divide-stone-100">
          {subscription.payments.map((payment) => (
            <li key={payment.id} className="flex flex-col gap-1 py-3">
              <p className="font-medium tabular-nums text-stone-900">
                {t('payments.row', { amount: formatNaira(payment.amount_kobo), date: day(payment.paid_at) })}
                <span className="font-normal text-stone-700">
                  {' · '}
                  {t(`payments.kinds.${payment.kind}`)} · {channel(payment)}
                </span>
              </p>
              <p className="text-sm text-stone-700">
                {t('payments.period', {
                  from: day(payment.period_start),
                  to: lastDay(payment.period_end, timeZone),
                })}
                {' · '}
                {t('payments.vat', { vat: formatNaira(payment.vat_kobo) })}
              </p>
              <a
                href={receiptPath(subscription.farm_id, payment.id)}
                target="_blank"
                rel="noopener"
                aria-label={t('payments.receiptLabel', { number: payment.receipt_number })}
                className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-green-800 underline"
              >
                <FileText aria-hidden="true" className="size-5" />
                {t('payments.receipt', { number: payment.receipt_number })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
