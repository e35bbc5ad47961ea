import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminPayment } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { Button } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { pathTo, paths } from '@/lib/paths';
import { useAdminPayments, useRefundPayment } from './admin-api';
import { AdminResultList } from './AdminResultList';
import { ConfirmOnceDialog } from './ConfirmOnceDialog';

/**
 * The back office's payments that paid for nothing and need staff (docs/decisions/054): each with
 * why, and Refund, asked after a question and sent once however often it is tapped.
 */
export function AdminPayments() {
  const { t } = useTranslation('admin');
  const query = useAdminPayments();
  const refund = useRefundPayment();
  const [asking, setAsking] = useState<AdminPayment | null>(null);
  const amountOf = (payment: AdminPayment) => formatNaira(payment.charged_kobo ?? payment.amount_kobo);

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-stone-900">{t('payments.title')}</h1>
        <p className="text-stone-700">{t('payments.intro')}</p>
      </div>
      <AdminResultList
        query={query}
        label={t('payments.title')}
        errorTitle={t('payments.error')}
        empty={t('payments.empty')}
      >
        {(payment) => (
          <PaymentRow payment={payment} amount={amountOf(payment)} onRefund={() => setAsking(payment)} />
        )}
      </AdminResultList>
      <ConfirmOnceDialog
        subject={asking}
        title={t('payments.confirmTitle')}
        message={
          asking
            ? t('payments.confirm', { amount: amountOf(asking), reference: asking.reference })
            : undefined
        }
        confirmLabel={t('payments.confirmYes')}
        cancelLabel={t('payments.confirmNo')}
        send={async (payment) => {
          await refund.mutateAsync(payment.id);
          return t('payments.refunded');
        }}
        onClose={() => setAsking(null)}
      />
    </main>
  );
}

function PaymentRow({
  payment,
  amount,
  onRefund,
}: {
  payment: AdminPayment;
  amount: string;
  onRefund: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 className="min-w-0 text-sm font-semibold wrap-anywhere text-stone-900">
          {t('payments.reference', { reference: payment.reference })}
        </h2>
        <span className="font-semibold text-stone-900 tabular-nums">
          {amount}
          {payment.currency && payment.currency !== 'NGN' ? ` ${payment.currency}` : ''}
        </span>
      </div>
      {payment.problem && <p className="break-words text-red-800">{payment.problem}</p>}
      {payment.refund_status === 'failed' && <p className="text-stone-800">{t('payments.refundFailed')}</p>}
      <p className="text-sm wrap-anywhere text-stone-700">
        {payment.order_id && payment.listing_title && payment.order_reference
          ? t('payments.order', { title: payment.listing_title, reference: payment.order_reference })
          : t('payments.noOrder')}
      </p>
      {payment.charged_at && (
        <p className="text-sm text-stone-700">
          {t('payments.charged', { time: formatDateTime(payment.charged_at) })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={onRefund}
          aria-label={t('payments.refundLabel', { amount, reference: payment.reference })}
        >
          {t('payments.refund')}
        </Button>
        {payment.order_id && (
          <Link
            to={pathTo(paths.adminOrder, { orderId: payment.order_id })}
            className="inline-flex min-h-11 items-center px-2 font-medium text-green-800 underline-offset-4 hover:underline"
          >
            {t('payments.seeOrder')}
          </Link>
        )}
      </div>
    </article>
  );
}
