import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { useErrorText } from '@/lib/error-text';
import { useSubscription } from '../api';
import { ActiveWorkers } from './ActiveWorkers';
import { CancelRenewal } from './CancelRenewal';
import { CheckoutReturn } from './CheckoutReturn';
import { PaymentList } from './PaymentList';
import { PlanSummary } from './PlanSummary';
import { ProOffer } from './ProOffer';

/**
 * The farm's Gona Pro: the plan and what it uses, the way back from a checkout, the workers to
 * keep active after a return to Free, what Pro adds and how to pay, cancelling, and past payments.
 */
export function SubscriptionView({ farmId }: { farmId: string }) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const query = useSubscription(farmId);
  const subscription = query.data;
  return (
    <div className="flex flex-col gap-4">
      <CheckoutReturn farmId={farmId} />
      {subscription ? (
        <>
          <PlanSummary subscription={subscription} />
          <ActiveWorkers subscription={subscription} />
          <ProOffer subscription={subscription} />
          <CancelRenewal subscription={subscription} />
          <PaymentList subscription={subscription} />
        </>
      ) : query.error ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-white p-4">
          <p className="font-semibold text-red-800">{t('loadError')}</p>
          <p className="text-stone-800">{errorText(query.error)}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            {t('common:errors.tryAgain')}
          </Button>
        </div>
      ) : (
        <SkeletonRows rows={6} />
      )}
    </div>
  );
}
