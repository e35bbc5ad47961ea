import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '@gona/shared/billing';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useCancelSubscription } from '../api';
import { lastDay } from '../format';

/**
 * Cancel renewal (the owner, while Paystack renews the card): the question says before anything
 * happens that renewal stops, Pro stays to the end of the paid year and nothing is refunded.
 */
export function CancelRenewal({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const cancel = useCancelSubscription(subscription.farm_id);
  const [asking, setAsking] = useState(false);
  if (!subscription.can_manage || subscription.state !== 'active' || !subscription.renews) return null;
  const timeZone = subscription.timezone;
  const date = subscription.period_end ? lastDay(subscription.period_end, timeZone) : '';
  return (
    <>
      <Button variant="secondary" className="self-start" onClick={() => setAsking(true)}>
        {t('cancel.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('cancel.title')}
        message={t('cancel.message', { date })}
        confirmLabel={t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        confirmVariant="danger"
        pending={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(
            { version: subscription.version },
            {
              onSuccess: (changed) => {
                setAsking(false);
                toast.success(
                  t('cancel.done', {
                    date: changed.period_end ? lastDay(changed.period_end, timeZone) : date,
                  }),
                );
              },
              onError: (error) => {
                setAsking(false);
                toast.error(errorText(error));
              },
            },
          )
        }
      />
    </>
  );
}
