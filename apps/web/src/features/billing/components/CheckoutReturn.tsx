import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/Button';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { useVerifyCheckout } from '../api';
import { lastDay } from '../format';

/**
 * Back from Paystack's checkout (…/subscription?reference=…): the server confirms the payment with
 * Paystack once, and the screen says where it stands. The reference leaves the address once it is
 * confirmed, so a reload does not ask again; while Paystack has not confirmed it, Check again asks.
 */
export function CheckoutReturn({ farmId }: { farmId: string }) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref');
  const verify = useVerifyCheckout(farmId);
  const asked = useRef<string | null>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (!reference || asked.current === reference) return;
    asked.current = reference;
    mutate({ reference });
  }, [reference, mutate]);

  const answer = verify.data;
  const paid = answer && answer.pending_checkout?.reference !== reference && answer.plan === 'pro';
  useEffect(() => {
    if (paid) setParams({}, { replace: true });
  }, [paid, setParams]);

  if (!reference && !paid) return null;
  if (verify.isPending || (!answer && !verify.error))
    return (
      <p role="status" className="rounded-lg bg-stone-100 px-3 py-2 text-stone-800">
        {t('verify.checking')}
      </p>
    );
  if (verify.error)
    return (
      <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
        <p className="font-semibold">{t('verify.failed')}</p>
        <p>
          {verify.error instanceof ApiError && verify.error.fields.reference
            ? verify.error.fields.reference
            : errorText(verify.error)}
        </p>
        {reference && (
          <Button variant="secondary" className="mt-2" onClick={() => mutate({ reference })}>
            {t('verify.checkAgain')}
          </Button>
        )}
      </div>
    );
  if (paid)
    return (
      <p role="status" className="rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-900">
        {t('verify.done', { date: answer.period_end ? lastDay(answer.period_end, answer.timezone) : '' })}
      </p>
    );
  return (
    <div role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
      <p>{t('verify.pending')}</p>
      {reference && (
        <Button variant="secondary" className="mt-2" onClick={() => mutate({ reference })}>
          {t('verify.checkAgain')}
        </Button>
      )}
    </div>
  );
}
