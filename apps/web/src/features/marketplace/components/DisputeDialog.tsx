import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AnswerDisputeInputSchema,
  DISPUTE_PHOTOS_MAX,
  DISPUTE_REASONS,
  OpenDisputeInputSchema,
  type Order,
} from '@gona/shared/marketplace';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField } from '@/components/ui';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { toast } from '@/lib/toast';
import { usePhotoField } from '@/lib/use-photo-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { uploadDisputePhoto, useAnswerDispute, useReportProblem } from '../disputes-api';

type Props = { order: Order; onClose: () => void } & ({ side: 'buyer' } | { side: 'seller'; farmId: string });

/**
 * One side's words and photos on a problem with an order: the buyer's report (what went wrong;
 * Gona then holds the money and the seller has 48 hours to answer), or the farm's answer to it.
 * Photos go up as they are picked (the buyer's through their order); it is sent once all have,
 * and once however often it is tapped.
 */
export function DisputeDialog(props: Props) {
  const { order, onClose, side } = props;
  const { t } = useTranslation('marketplace');
  const formId = useId();
  const report = useReportProblem();
  const answer = useAnswerDispute(props.side === 'seller' ? props.farmId : '');
  const sending = useRef(false);
  const form = useSchemaForm({ reason: '', message: '' }, { failed: (message) => message });
  const photos = usePhotoField({
    farmId: props.side === 'seller' ? props.farmId : (order.farm_id ?? ''),
    kind: 'dispute',
    max: DISPUTE_PHOTOS_MAX,
    upload: side === 'buyer' ? (photo) => uploadDisputePhoto(order.id, photo) : undefined,
  });
  const words = side === 'buyer' ? 'disputes.report' : 'disputes.answer';

  const onSubmit = form.handleSubmit(() => {
    if (sending.current) return null;
    const photoIds = photos.ids;
    let send: (() => Promise<Order>) | null = null;
    if (side === 'buyer') {
      const input = form.parse(OpenDisputeInputSchema, { ...form.values, photo_ids: photoIds });
      if (input) send = () => report.mutateAsync({ orderId: order.id, input });
    } else {
      const input = form.parse(AnswerDisputeInputSchema, {
        message: form.values.message,
        photo_ids: photoIds,
      });
      if (input) send = () => answer.mutateAsync({ orderId: order.id, input });
    }
    if (!send) return null;
    if (photos.photos.some((photo) => photo.state !== 'sent')) {
      photos.setError(t('disputes.photosWaiting'));
      return null;
    }
    const sendIt = send;
    return async () => {
      sending.current = true;
      try {
        await sendIt();
        toast.success(t(`${words}.sent`));
        onClose();
      } finally {
        sending.current = false;
      }
    };
  });

  return (
    <Dialog
      open
      dirty={form.dirty || photos.ids.length > 0}
      onClose={onClose}
      title={t(`${words}.title`)}
      footer={
        <Button type="submit" form={formId} fullWidth loading={form.pending}>
          {t(`${words}.submit`)}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        {side === 'buyer' ? (
          <>
            <p className="break-words text-stone-800">
              {t('disputes.report.intro', { title: order.listing_title })}
            </p>
            <SelectField
              label={t('disputes.report.reason')}
              placeholder={t('disputes.report.choose')}
              {...form.field('reason')}
              options={optionsOf(DISPUTE_REASONS, (reason) => t(`disputes.reasons.${reason}`))}
            />
          </>
        ) : (
          order.dispute && (
            <div className="rounded-lg bg-stone-100 px-3 py-2 text-stone-900">
              <p className="font-medium">{t(`disputes.reasons.${order.dispute.reason}`)}</p>
              <p className="break-words">{order.dispute.message}</p>
            </div>
          )
        )}
        <TextareaField
          label={t(`${words}.message`)}
          hint={t(`${words}.messageHint`)}
          rows={4}
          {...form.field('message')}
        />
        <PhotoPicker
          label={t('disputes.photos')}
          hint={t('disputes.photosHint')}
          photos={photos.photos}
          max={DISPUTE_PHOTOS_MAX}
          error={photos.error ?? form.errors.photo_ids}
          onAdd={(files) => void photos.add(files)}
          onRemove={photos.remove}
        />
      </form>
    </Dialog>
  );
}
