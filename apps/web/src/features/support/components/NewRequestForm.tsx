import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FarmSummary } from '@gona/shared/farms';
import { useNavigate } from 'react-router';
import { CreateSupportRequestInputSchema, SUPPORT_LIMITS, SUPPORT_TOPICS } from '@gona/shared/support';
import { Button, FormAlert, LeaveGuard, optionsOf, SelectField, TextareaField } from '@/components/ui';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { newClientId } from '@/lib/ids';
import { useOnline } from '@/lib/offline';
import { pathTo, paths } from '@/lib/paths';
import { useMyOrderChoices } from '@/lib/pickers';
import { toast } from '@/lib/toast';
import { useDebounced } from '@/lib/use-debounced';
import { usePhotoField } from '@/lib/use-photo-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateSupportRequest } from '../api';
import { useHelpSuggestions } from '../help-suggestions';

/**
 * A new request: what it is about, the order when there is one, what happened, and photos (kept
 * with the selected farm's files, seen only by the person and support). Help articles that may
 * answer it are shown before it is sent. Sending needs the connection; the words stay meanwhile.
 */
/** `farm`: the selected farm (its photos are kept with its files), or null for a person with no farm. */
export function NewRequestForm({ farm: selectedFarm }: { farm: FarmSummary | null }) {
  const { t } = useTranslation('support');
  const formId = useId();
  const navigate = useNavigate();
  const online = useOnline();
  const create = useCreateSupportRequest();
  const orders = useMyOrderChoices();
  const [id] = useState(newClientId);
  const saved = useRef(false);
  const form = useSchemaForm(
    { topic: '', order_id: '', description: '' },
    {
      failed: (message) => t('form.failed', { message }),
    },
  );
  const canAttach = selectedFarm !== null && selectedFarm.role !== 'viewer';
  const photos = usePhotoField({
    farmId: selectedFarm?.id ?? '',
    kind: 'support',
    max: SUPPORT_LIMITS.attachments,
  });
  const suggestions = useHelpSuggestions(useDebounced(form.values.description, 300));

  const onSubmit = form.handleSubmit(() => {
    const { topic, order_id, description } = form.values;
    const input = form.parse(CreateSupportRequestInputSchema, {
      id,
      topic,
      farm_id: selectedFarm?.id ?? null,
      about: order_id ? { kind: 'order', id: order_id } : null,
      description,
      attachment_ids: canAttach ? photos.ids : [],
    });
    if (!input) return null;
    if (photos.photos.some((photo) => photo.state !== 'sent')) {
      photos.setError(t('form.photosWaiting'));
      return null;
    }
    return async () => {
      const request = await create.mutateAsync(input);
      saved.current = true;
      toast.success(t('form.sent'));
      void navigate(pathTo(paths.supportRequest, { requestId: request.id }), { replace: true });
    };
  });

  const orderOptions = (orders.data?.items ?? []).map((o) => ({
    value: o.id,
    label: t('form.orderChoice', { title: o.listing_title, reference: o.reference }),
  }));

  return (
    <form id={formId} noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <LeaveGuard when={() => (form.dirty || photos.ids.length > 0) && !saved.current} />
      <FormAlert>{form.alert}</FormAlert>
      <SelectField
        label={t('form.topic')}
        placeholder={t('form.topicPlaceholder')}
        {...form.field('topic')}
        options={optionsOf(SUPPORT_TOPICS, (topic) => t(`topics.${topic}`))}
      />
      {orderOptions.length > 0 && (
        <SelectField
          label={t('form.order')}
          placeholder={t('form.orderPlaceholder')}
          {...form.field('order_id', 'about')}
          options={orderOptions}
        />
      )}
      <TextareaField
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        rows={5}
        maxLength={SUPPORT_LIMITS.description}
        {...form.field('description')}
      />
      {canAttach ? (
        <>
          <p className="text-sm text-stone-700">{t('form.farm', { farm: selectedFarm.name })}</p>
          <PhotoPicker
            label={t('form.photos')}
            hint={t('form.photosHint')}
            photos={photos.photos}
            max={SUPPORT_LIMITS.attachments}
            error={photos.error ?? form.errors.attachment_ids}
            onAdd={(files) => void photos.add(files)}
            onRemove={photos.remove}
          />
        </>
      ) : (
        <p className="text-sm text-stone-700">{t('form.photosNeedFarm')}</p>
      )}
      {suggestions.length > 0 && (
        <section aria-label={t('form.help')} className="rounded-xl bg-green-50 p-4">
          <h2 className="font-semibold text-green-900">{t('form.help')}</h2>
          <ul className="mt-2 flex flex-col gap-1">
            {suggestions.map((article) => (
              <li key={article.slug}>
                <a href={article.href} className="text-green-800 underline">
                  {article.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!online && <p className="text-amber-900">{t('form.offline')}</p>}
      <Button type="submit" fullWidth loading={form.pending} disabled={!online}>
        {t('form.send')}
      </Button>
    </form>
  );
}
