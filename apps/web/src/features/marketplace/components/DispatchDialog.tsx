import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '@gona/shared/error-codes';
import { DispatchOrderInputSchema, type Order } from '@gona/shared/marketplace';
import { Button, Dialog, FormAlert, TextField } from '@/components/ui';
import { todayOnFarm } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { groupedQuantity, useListingText } from '../format';
import { useDispatchOrder } from '../orders-api';

type Props = { farmId: string; order: Order; onClose: () => void };

/**
 * The seller marks an accepted order dispatched. For pickup: the day it is ready (today unless
 * changed). For delivery: the driver's name and phone (the buyer calls them), the vehicle if they
 * like, and the day it should arrive. Sent once, with the version the seller saw.
 */
export function DispatchDialog({ farmId, order, onClose }: Props) {
  const { t } = useTranslation('marketplace');
  const text = useListingText();
  const formId = useId();
  const dispatch = useDispatchOrder(farmId);
  const sending = useRef(false);
  const pickup = order.delivery === 'pickup';
  const today = todayOnFarm();
  const form = useSchemaForm(
    { expected_on: today, driver_name: '', driver_phone: '', vehicle: '' },
    { failed: (message) => message, stale: t('orders.dispatch.stale') },
  );

  const onSubmit = form.handleSubmit(() => {
    if (sending.current) return null;
    const { values } = form;
    const parsed = DispatchOrderInputSchema.safeParse(
      pickup
        ? { version: order.version, expected_on: values.expected_on }
        : { version: order.version, ...values },
    );
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!values.expected_on) found.expected_on = t('orders.dispatch.dayRequired');
    else if (values.expected_on < today) found.expected_on = t('orders.dispatch.dayPast');
    if (!pickup && !values.driver_name.trim()) found.driver_name = t('orders.dispatch.driverNameRequired');
    if (!pickup && !values.driver_phone.trim()) found.driver_phone = t('orders.dispatch.driverPhoneRequired');
    if (!parsed.success || Object.keys(found).length > 0) {
      form.setErrors(found);
      return null;
    }
    // Pickup needs no driver: only the day goes.
    const input = pickup ? { version: order.version, expected_on: parsed.data.expected_on } : parsed.data;
    return async () => {
      sending.current = true;
      try {
        await dispatch.mutateAsync({ orderId: order.id, input });
        toast.success(t(pickup ? 'orders.sales.readyForPickup' : 'orders.sales.dispatched'));
        onClose();
      } finally {
        sending.current = false;
      }
    };
  });

  const units = text.unit(order.unit, order.quantity);
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t(pickup ? 'orders.dispatch.pickupTitle' : 'orders.dispatch.title')}
      footer={
        <Button type="submit" form={formId} fullWidth loading={form.pending}>
          {t(pickup ? 'orders.dispatch.submitPickup' : 'orders.dispatch.submit')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <p className="break-words text-stone-800">
          {t(pickup ? 'orders.dispatch.pickupIntro' : 'orders.dispatch.intro', {
            quantity: groupedQuantity(order.quantity),
            unit: units,
            name: order.buyer_name,
          })}
        </p>
        {!pickup && (
          <>
            <TextField
              label={t('orders.dispatch.driverName')}
              autoComplete="off"
              {...form.field('driver_name')}
            />
            <TextField
              label={t('orders.dispatch.driverPhone')}
              hint={t('orders.dispatch.driverPhoneHint')}
              type="tel"
              autoComplete="off"
              {...form.field('driver_phone')}
            />
            <TextField
              label={t('orders.dispatch.vehicle')}
              hint={t('orders.dispatch.vehicleHint')}
              autoComplete="off"
              {...form.field('vehicle')}
            />
          </>
        )}
        <TextField
          label={t(pickup ? 'orders.dispatch.readyOn' : 'orders.dispatch.expectedOn')}
          type="date"
          min={today}
          {...form.field('expected_on')}
        />
      </form>
    </Dialog>
  );
}
