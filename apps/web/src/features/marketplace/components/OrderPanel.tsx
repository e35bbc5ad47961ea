import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryOption, PublicListing } from '@gona/shared/marketplace';
import { formatNaira } from '@gona/shared/money';
import { normalizeNigerianPhone } from '@gona/shared/phone';
import { koboForQuantity, milliOf, toMilli, type Quantity } from '@gona/shared/units';
import { Button, FormAlert, TextareaField, TextField } from '@/components/ui';
import { HelpLink } from '@/components/ui/HelpLink';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { groupedQuantity, useListingText } from '../format';
import { goToCheckout, usePlaceAndPay } from '../orders-api';

type Props = {
  listing: PublicListing;
  /** The buyer's phone from their profile, offered to start with. */
  phone: string | null;
  /** The person belongs to the selling farm: they cannot order from it. */
  ownFarm?: boolean;
};

type Errors = Partial<Record<'quantity' | 'delivery' | 'buyer_phone' | 'delivery_address', string>>;

/** The typed quantity as a decimal string: "2,5" (a decimal comma) reads as "2.5". */
function quantityText(typed: string): string {
  return typed.trim().replace(/\s/g, '').replace(',', '.');
}

/**
 * Where a buyer orders a listing: how much (between the smallest order and what is left), pickup
 * or the seller's delivery with its fee, their phone, and the total. "Order and pay" places the
 * order and opens the payment page; the button stays busy until the browser leaves, and the
 * order's id is made once per set of answers, so a second tap never places a second order.
 */
export function OrderPanel({ listing, phone, ownFarm = false }: Props) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const errorText = useErrorText();
  const formId = useId();
  const placeAndPay = usePlaceAndPay();
  const [quantity, setQuantity] = useState(listing.min_order);
  const [delivery, setDelivery] = useState<DeliveryOption>(
    listing.delivery_pickup ? 'pickup' : 'seller_delivers',
  );
  const [address, setAddress] = useState('');
  const [buyerPhone, setBuyerPhone] = useState(phone ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const leaving = useRef(false);
  // One id per set of answers: tapping again sends the same order; changing an answer makes a new one.
  const [orderId, setOrderId] = useState(() => crypto.randomUUID());
  const answer =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setOrderId(crypto.randomUUID());
    };

  if (listing.status !== 'active') return null;
  if (ownFarm)
    return (
      <section aria-label={t('orders.panel.title')} className="rounded-xl border border-stone-200 p-4">
        <p className="text-stone-700">{t('orders.panel.ownFarm')}</p>
      </section>
    );

  const amount = quantityText(quantity);
  const milli = toMilli(amount);
  const validAmount = milli !== null && milli > 0;
  const fee = delivery === 'seller_delivers' ? (listing.delivery_fee_kobo ?? 0) : 0;
  // Half up, in whole kobo: the same helper the server prices the order with.
  const subtotal = validAmount ? koboForQuantity(listing.price_kobo, milli) : 0;
  // Units read in the plural or not by the number they follow: "1 bag", "20 bags", "How many bags".
  const units = (quantity: Quantity | 2) => text.unit(listing.unit, quantity);

  function check(): Errors {
    const found: Errors = {};
    if (!validAmount)
      found.quantity = /^\d*\.\d{4,}$/.test(amount)
        ? t('orders.panel.quantityDecimals')
        : t('orders.panel.quantityRequired');
    else if (milli < milliOf(listing.min_order))
      found.quantity = t('orders.panel.quantityMin', {
        quantity: groupedQuantity(listing.min_order),
        unit: units(listing.min_order),
      });
    else if (milli > milliOf(listing.quantity_available))
      found.quantity = t('orders.panel.quantityMax', {
        quantity: groupedQuantity(listing.quantity_available),
        unit: units(listing.quantity_available),
      });
    if (!normalizeNigerianPhone(buyerPhone)) found.buyer_phone = t('orders.panel.phoneInvalid');
    if (delivery === 'seller_delivers' && !address.trim())
      found.delivery_address = t('orders.panel.addressRequired');
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (placeAndPay.isPending || leaving.current) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    placeAndPay.mutate(
      {
        id: orderId,
        listing_id: listing.id,
        quantity: amount,
        delivery,
        buyer_phone: buyerPhone,
        delivery_address: delivery === 'seller_delivers' ? address : null,
      },
      {
        onSuccess: (payment) => {
          leaving.current = true;
          goToCheckout(payment.authorization_url);
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
            const { listing_id, ...fields } = error.fields;
            setErrors(fields);
            if (listing_id) setFailure(listing_id);
            return;
          }
          setFailure(errorText(error));
        },
      },
    );
  }

  const busy = placeAndPay.isPending || leaving.current;
  return (
    <section aria-labelledby={`${formId}-title`} className="rounded-xl border border-stone-200 p-4">
      <h2 id={`${formId}-title`} className="mb-3 text-lg font-semibold text-stone-900">
        {t('orders.panel.title')}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert>{failure}</FormAlert>
        <TextField
          label={t('orders.panel.quantity', { unit: units(2) })}
          hint={t('orders.panel.quantityHint', {
            min: groupedQuantity(listing.min_order),
            available: groupedQuantity(listing.quantity_available),
            unit: units(listing.quantity_available),
          })}
          inputMode="decimal"
          value={quantity}
          onChange={(e) => answer(setQuantity)(e.target.value)}
          error={errors.quantity}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t('orders.panel.delivery')}</legend>
          {listing.delivery_pickup && (
            <label className="flex min-h-11 items-center gap-3 text-base">
              <input
                type="radio"
                name={`${formId}-delivery`}
                checked={delivery === 'pickup'}
                onChange={() => answer(setDelivery)('pickup')}
                className="size-5 accent-green-700"
              />
              {t('orders.panel.pickup')}
            </label>
          )}
          {listing.delivery_seller && (
            <label className="flex min-h-11 items-center gap-3 text-base">
              <input
                type="radio"
                name={`${formId}-delivery`}
                checked={delivery === 'seller_delivers'}
                onChange={() => answer(setDelivery)('seller_delivers')}
                className="size-5 accent-green-700"
              />
              {listing.delivery_fee_kobo
                ? t('orders.panel.sellerDelivers', { fee: formatNaira(listing.delivery_fee_kobo) })
                : t('orders.panel.sellerDeliversFree')}
            </label>
          )}
          {errors.delivery && <p className="text-sm font-medium text-red-800">{errors.delivery}</p>}
        </fieldset>
        {delivery === 'seller_delivers' && (
          <TextareaField
            label={t('orders.panel.address')}
            value={address}
            onChange={(e) => answer(setAddress)(e.target.value)}
            error={errors.delivery_address}
            rows={2}
          />
        )}
        <TextField
          label={t('orders.panel.phone')}
          hint={t('orders.panel.phoneHint')}
          type="tel"
          autoComplete="tel"
          value={buyerPhone}
          onChange={(e) => answer(setBuyerPhone)(e.target.value)}
          error={errors.buyer_phone}
        />
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-stone-800">
          <dt>{t('orders.panel.subtotal')}</dt>
          <dd className="text-right">{formatNaira(subtotal)}</dd>
          {delivery === 'seller_delivers' && (
            <>
              <dt>{t('orders.panel.deliveryFee')}</dt>
              <dd className="text-right">{formatNaira(fee)}</dd>
            </>
          )}
          <dt className="font-semibold">{t('orders.panel.total')}</dt>
          <dd className="text-right font-semibold">{formatNaira(subtotal + fee)}</dd>
        </dl>
        <p className="text-sm text-stone-700">{t('orders.panel.heldNote')}</p>
        <HelpLink slug="escrow-for-buyers">{t('orders.panel.help')}</HelpLink>
        <Button type="submit" loading={busy} disabled={busy} fullWidth>
          {t('orders.panel.submit')}
        </Button>
      </form>
    </section>
  );
}
