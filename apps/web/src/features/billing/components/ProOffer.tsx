import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import type { CheckoutKind, Subscription } from '@gona/shared/billing';
import { formatNaira } from '@gona/shared/money';
import { PLANS } from '@gona/shared/plans';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { useErrorText } from '@/lib/error-text';
import { newClientId } from '@/lib/ids';
import { goToCheckout, useStartCheckout } from '../api';
import { formatDay, lastDay } from '../format';

type Props = { subscription: Subscription };

/**
 * What Pro adds, its one price (VAT inside it) and the two ways to pay: a card Paystack charges
 * every year, or one year by transfer, USSD or card that does not renew. Shown to managers too,
 * without the buttons; gone while a card subscription renews (there is nothing to buy).
 */
export function ProOffer({ subscription }: Props) {
  const { t } = useTranslation('billing');
  const { state, renews, period_end, can_manage, payments_available, pending_checkout } = subscription;
  if (state === 'active' && renews) return null;
  const timeZone = subscription.timezone;
  const day = (iso: string) => formatDay(iso, timeZone);
  const price = formatNaira(subscription.price_kobo);
  const heading =
    state === 'past_due'
      ? t('pro.payNow')
      : state === 'non_renewing' && period_end
        ? t('pro.resubscribe', { date: lastDay(period_end, timeZone) })
        : state === 'active'
          ? t('pro.renewEarly')
          : t('pro.title');
  const lead =
    state === 'non_renewing' && period_end
      ? t('pro.resubscribeHint', { date: day(period_end) })
      : state === 'active' && period_end
        ? t('pro.renewEarlyHint', { date: day(period_end) })
        : null;

  return (
    <section aria-labelledby="pro-offer" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
      <h2 id="pro-offer" className="text-lg font-semibold text-stone-900">
        {heading}
      </h2>
      {lead && <p className="mt-1 text-stone-800">{lead}</p>}
      {state === 'free' && (
        <ul className="mt-3 space-y-2">
          {PLANS.pro.features.map((feature) => (
            <li key={feature} className="flex gap-2 text-stone-800">
              <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              {feature}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-2xl font-bold tabular-nums text-stone-900">{t('pro.price', { price })}</p>
      <p className="text-sm text-stone-700">{t('pro.vat', { vat: formatNaira(subscription.vat_kobo) })}</p>
      <p className="text-sm text-stone-700">{t('pro.terms')}</p>
      {!can_manage ? (
        <p className="mt-4 text-stone-800">{t('pro.ownerOnly')}</p>
      ) : !payments_available ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('pro.unavailable')}</p>
      ) : (
        <>
          {pending_checkout && (
            <div className="mt-4 rounded-lg bg-stone-100 px-3 py-2">
              <p className="text-stone-800">
                {t('pro.waiting', {
                  amount: formatNaira(pending_checkout.amount_kobo),
                  date: day(pending_checkout.created_at),
                })}
              </p>
              <Button
                variant="secondary"
                className="mt-2"
                onClick={() => goToCheckout(pending_checkout.authorization_url)}
              >
                {t('pro.continue')}
              </Button>
            </div>
          )}
          <PayChoices farmId={subscription.farm_id} price={price} />
        </>
      )}
    </section>
  );
}

/**
 * The two Pay buttons. A tap opens one checkout however often it is tapped: both buttons wait
 * while it opens, and each choice keeps its client id, so a retry answers the same checkout.
 */
function PayChoices({ farmId, price }: { farmId: string; price: string }) {
  const { t } = useTranslation('billing');
  const errorText = useErrorText();
  const checkout = useStartCheckout(farmId);
  const clientIds = useRef<Partial<Record<CheckoutKind, string>>>({});
  const sending = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const busy = checkout.isPending || leaving;

  const pay = (kind: CheckoutKind) => {
    if (sending.current) return;
    sending.current = true;
    const client_id = (clientIds.current[kind] ??= newClientId());
    checkout.mutate(
      { kind, client_id },
      {
        onSuccess: (opened) => {
          setLeaving(true);
          goToCheckout(opened.authorization_url);
        },
        onError: () => {
          sending.current = false;
        },
      },
    );
  };

  const choices: { kind: CheckoutKind; title: string; hint: string; button: string }[] = [
    {
      kind: 'renewing',
      title: t('pro.renewing'),
      hint: t('pro.renewingHint'),
      button: t('pro.payRenewing', { price }),
    },
    {
      kind: 'one_year',
      title: t('pro.oneYear'),
      hint: t('pro.oneYearHint'),
      button: t('pro.payOneYear', { price }),
    },
  ];
  return (
    <div className="mt-4 flex flex-col gap-3">
      <FormAlert>{checkout.error ? errorText(checkout.error) : null}</FormAlert>
      <ul className="grid gap-3 md:grid-cols-2">
        {choices.map((choice) => (
          <li
            key={choice.kind}
            aria-labelledby={`pay-${choice.kind}`}
            className="flex flex-col gap-2 rounded-xl border border-stone-200 p-4"
          >
            <h3 id={`pay-${choice.kind}`} className="font-semibold text-stone-900">
              {choice.title}
            </h3>
            <p className="flex-1 text-sm text-stone-700">{choice.hint}</p>
            <Button
              fullWidth
              variant={choice.kind === 'renewing' ? 'primary' : 'secondary'}
              disabled={busy}
              loading={checkout.isPending && checkout.variables.kind === choice.kind}
              onClick={() => pay(choice.kind)}
            >
              {choice.button}
            </Button>
          </li>
        ))}
      </ul>
      {leaving && (
        <p role="status" className="text-stone-700">
          {t('pro.opening')}
        </p>
      )}
    </div>
  );
}
