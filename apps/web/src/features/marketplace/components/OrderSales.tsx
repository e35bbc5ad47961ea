import { useState } from 'react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { can, type FarmRole } from '@gona/shared/permissions';
import { Button, ConfirmDialog, EmptyState, PagedList } from '@/components/ui';
import { HelpLink } from '@/components/ui/HelpLink';
import { useErrorText } from '@/lib/error-text';
import { pageItems } from '@/lib/paged-query';
import { toast } from '@/lib/toast';
import { useDecideOrder, useFarmOrders } from '../orders-api';
import { DeliverDialog } from './DeliverDialog';
import { DispatchDialog } from './DispatchDialog';
import { OrderCard } from './OrderCard';
import { PayoutAccountCard } from './PayoutAccountCard';
import { PayoutList } from './PayoutList';

type Props = { farmId: string; role: FarmRole };
type Decision = { order: Order; decision: 'accept' | 'decline' };
type Step = { order: Order; step: 'dispatch' | 'deliver' };

/** Payouts a page above the orders, so the orders to answer stay near the top. */
const PAYOUTS_PAGE = 5;

/**
 * "Orders" for a selling farm: what buyers ordered, newest first. A paid order waits for the
 * owner or a manager to accept it (Gona keeps the money until it is settled) or decline it (the
 * buyer is refunded in full), each after a question; an accepted order is marked dispatched, and
 * a dispatched one's delivery recorded with the buyer's code; viewers read. Owners and managers
 * see first where the farm's money goes (the payout account, which only the owner changes) and
 * each completed order's payout.
 */
export function OrderSales({ farmId, role }: Props) {
  const { t } = useTranslation('marketplace');
  const errorText = useErrorText();
  const query = useFarmOrders(farmId);
  const decide = useDecideOrder(farmId);
  const [asking, setAsking] = useState<Decision | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const seller = can(role, 'marketplace.sell');

  function confirm() {
    if (!asking) return;
    decide.mutate(asking, {
      onSuccess: (order) => {
        toast.success(t(order.status === 'accepted' ? 'orders.sales.accepted' : 'orders.sales.declined'));
        setAsking(null);
      },
      onError: (error) => {
        toast.error(errorText(error));
        setAsking(null);
      },
    });
  }

  return (
    <>
      {seller && (
        <section aria-labelledby="payouts-title" className="mb-6 flex flex-col gap-3">
          <h2 id="payouts-title" className="text-lg font-semibold text-stone-900">
            {t('payouts.title')}
          </h2>
          <p className="text-stone-700">{t('payouts.intro')}</p>
          <HelpLink slug="payout-failed">{t('payouts.help')}</HelpLink>
          <PayoutAccountCard farmId={farmId} role={role} />
          <PayoutList farmId={farmId} limit={PAYOUTS_PAGE} />
        </section>
      )}
      {seller && <h2 className="mb-3 text-lg font-semibold text-stone-900">{t('orders.sales.label')}</h2>}
      <PagedList
        query={query}
        items={pageItems(query.data)}
        errorTitle={t('orders.sales.errorTitle')}
        errorText={(message) => message}
        empty={
          <EmptyState
            icon={Inbox}
            title={t('orders.sales.empty')}
            description={t('orders.sales.emptyHint')}
          />
        }
      >
        {(rows) => (
          <ul className="flex flex-col gap-3" aria-label={t('orders.sales.label')}>
            {rows.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} side="seller" canRate={seller}>
                  {seller && order.status === 'paid' && (
                    <div className="flex flex-wrap gap-2">
                      <Button onClick={() => setAsking({ order, decision: 'accept' })}>
                        {t('orders.sales.accept')}
                      </Button>
                      <Button variant="secondary" onClick={() => setAsking({ order, decision: 'decline' })}>
                        {t('orders.sales.decline')}
                      </Button>
                    </div>
                  )}
                  {seller && order.status === 'accepted' && (
                    <div className="flex flex-wrap gap-2">
                      <Button onClick={() => setStep({ order, step: 'dispatch' })}>
                        {t('orders.sales.dispatch')}
                      </Button>
                    </div>
                  )}
                  {seller && order.status === 'dispatched' && (
                    <div className="flex flex-wrap gap-2">
                      <Button onClick={() => setStep({ order, step: 'deliver' })}>
                        {t('orders.sales.recordDelivery')}
                      </Button>
                    </div>
                  )}
                </OrderCard>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ConfirmDialog
        open={asking !== null}
        title={t(asking?.decision === 'decline' ? 'orders.sales.declineTitle' : 'orders.sales.acceptTitle')}
        message={
          asking
            ? t(asking.decision === 'decline' ? 'orders.sales.declineText' : 'orders.sales.acceptText', {
                total: formatNaira(asking.order.total_kobo),
                name: asking.order.buyer_name,
              })
            : undefined
        }
        confirmLabel={t(asking?.decision === 'decline' ? 'orders.sales.decline' : 'orders.sales.accept')}
        cancelLabel={t('orders.sales.notNow')}
        confirmVariant={asking?.decision === 'decline' ? 'danger' : 'primary'}
        pending={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      />
      {step?.step === 'dispatch' && (
        <DispatchDialog farmId={farmId} order={step.order} onClose={() => setStep(null)} />
      )}
      {step?.step === 'deliver' && (
        <DeliverDialog farmId={farmId} order={step.order} onClose={() => setStep(null)} />
      )}
    </>
  );
}
