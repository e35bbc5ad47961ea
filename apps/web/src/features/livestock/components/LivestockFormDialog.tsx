import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { StoredFile } from '@gona/shared/files';
import { can, type FarmRole } from '@gona/shared/permissions';
import {
  ACQUISITIONS,
  AGE_UNITS,
  CreateLivestockInputSchema,
  LIVESTOCK_HOUSINGS,
  LIVESTOCK_PHOTOS_MAX,
  LIVESTOCK_PURPOSES,
  LIVESTOCK_SEXES,
  LIVESTOCK_SPECIES,
  LIVESTOCK_STATUSES,
  PriceFormSchema,
  UpdateLivestockInputSchema,
  type Livestock,
} from '@gona/shared/livestock';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { usePhotoField } from '@/lib/use-photo-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateLivestock, useUpdateLivestock } from '../mutations';
import { animalName } from '../format';

type Props = {
  farmId: string;
  role: FarmRole;
  /** Absent to add a new animal or group. */
  animal?: Livestock;
  photos?: readonly StoredFile[];
  onClose: () => void;
  onSaved?: (animal: Livestock) => void;
};

type Values = {
  kind: string;
  species: string;
  name: string;
  tag: string;
  breed: string;
  head_count: string;
  sex: string;
  date_of_birth: string;
  age_at_acquisition: string;
  age_unit: string;
  dam: string;
  sire: string;
  purpose: string;
  housing: string;
  location: string;
  acquisition: string;
  acquired_on: string;
  price: string;
  seller: string;
  status: string;
  notes: string;
};

/**
 * Add or change one animal (tag, sex, birth, parents) or a group (a flock, a pond, a herd, with
 * its head count). The head count is set only when adding; afterwards it changes through events.
 */
export function LivestockFormDialog({ farmId, role, animal, photos: savedPhotos, onClose, onSaved }: Props) {
  const { t } = useTranslation('livestock');
  const create = useCreateLivestock();
  const update = useUpdateLivestock();
  const { values, field, errors, parse, alert, handleSubmit, dirty } = useSchemaForm<Values>(
    () => initialValues(animal),
    { failed: (message) => t('form.failed', { message }), stale: t('form.stale') },
  );
  const photos = usePhotoField({
    farmId,
    kind: 'livestock',
    max: LIVESTOCK_PHOTOS_MAX,
    initial: savedPhotos,
  });
  const createId = useRef<string | null>(null);
  const formId = animal ? `livestock-form-${animal.id}` : 'livestock-form-new';
  const individual = values.kind === 'individual';
  const showMoney = can(role, 'money.read');

  const onSubmit = handleSubmit(() => {
    const price = showMoney
      ? parse(PriceFormSchema, { price_kobo: values.price })
      : { price_kobo: undefined };
    if (!price) return null;
    const common = {
      species: values.species,
      name: values.name,
      tag: individual ? values.tag : null,
      breed: values.breed,
      sex: individual ? values.sex || null : null,
      date_of_birth: individual ? values.date_of_birth || null : null,
      age_at_acquisition: numberOrNull(values.age_at_acquisition),
      age_unit: values.age_unit || null,
      dam: individual ? values.dam : null,
      sire: individual ? values.sire : null,
      purpose: values.purpose || null,
      housing: values.housing || null,
      location: values.location,
      acquisition: values.acquisition,
      acquired_on: values.acquired_on || null,
      ...(showMoney ? { price_kobo: price.price_kobo } : {}),
      seller: values.acquisition === 'bought' ? values.seller : null,
      notes: values.notes,
      ...(photos.changed ? { photo_ids: photos.ids } : {}),
    };
    if (animal) {
      const input = parse(UpdateLivestockInputSchema, {
        ...common,
        status: values.status,
        version: animal.version,
      });
      return (
        input &&
        (() =>
          finish(submitOrQueue(update, { ...input, id: animal.id, farmId, animalName: animalName(animal) })))
      );
    }
    const input = parse(CreateLivestockInputSchema, {
      ...common,
      kind: values.kind,
      head_count: individual ? undefined : numberOrUndefined(values.head_count),
    });
    // One id per form, kept for every attempt, so a retry or a queued replay adds it once.
    return (
      input &&
      (() => finish(submitOrQueue(create, { ...input, id: (createId.current ??= newClientId()), farmId })))
    );
  });

  async function finish(sending: Promise<Livestock | typeof QUEUED>) {
    const saved = await sending;
    if (saved === QUEUED) toast(t('form.queued'));
    else {
      toast.success(t(animal ? 'form.saved' : 'form.added', { name: animalName(saved) }));
      onSaved?.(saved);
    }
    onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty || photos.changed}
      title={animal ? t('form.editTitle', { name: animalName(animal) }) : t('form.addTitle')}
      footer={
        <Button type="submit" form={formId} loading={create.isPending || update.isPending} fullWidth>
          {t('form.save')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        {!animal && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium text-stone-900">{t('form.kind')}</legend>
            {(['group', 'individual'] as const).map((kind) => (
              <label
                key={kind}
                className="flex min-h-11 items-center gap-3 rounded-lg border border-stone-300 px-3"
              >
                <input
                  type="radio"
                  name="kind"
                  value={kind}
                  checked={values.kind === kind}
                  onChange={(e) => field('kind').onChange(e)}
                  className="size-5 accent-green-700"
                />
                <span>
                  <span className="font-medium text-stone-900">{t(`kinds.${kind}`)}</span>
                  <span className="block text-sm text-stone-700">{t(`kinds.${kind}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <SelectField
          label={t('form.species')}
          placeholder={t('form.chooseSpecies')}
          {...field('species')}
          options={optionsOf(LIVESTOCK_SPECIES, (species) => t(`species.${species}`))}
        />
        <TextField
          label={individual ? t('form.animalName') : t('form.groupName')}
          placeholder={individual ? t('form.animalNamePlaceholder') : t('form.groupNamePlaceholder')}
          autoComplete="off"
          {...field('name')}
        />
        {individual && (
          <TextField
            label={t('form.tag')}
            placeholder={t('form.tagPlaceholder')}
            autoComplete="off"
            {...field('tag')}
          />
        )}
        <TextField
          label={t('form.breed')}
          placeholder={t('form.breedPlaceholder')}
          autoComplete="off"
          {...field('breed')}
        />
        {!individual && !animal && (
          <TextField
            label={t('form.headCount')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('form.headCountHint')}
            {...field('head_count')}
          />
        )}
        {individual && (
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              label={t('form.sex')}
              placeholder={t('form.notSaid')}
              {...field('sex')}
              options={optionsOf(LIVESTOCK_SEXES, (sex) => t(`sexes.${sex}`))}
            />
            <TextField label={t('form.dateOfBirth')} type="date" {...field('date_of_birth')} />
          </div>
        )}
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            label={t('form.purpose')}
            placeholder={t('form.notSaid')}
            {...field('purpose')}
            options={optionsOf(LIVESTOCK_PURPOSES, (purpose) => t(`purposes.${purpose}`))}
          />
          <SelectField
            label={t('form.housing')}
            placeholder={t('form.notSaid')}
            {...field('housing')}
            options={optionsOf(LIVESTOCK_HOUSINGS, (housing) => t(`housings.${housing}`))}
          />
        </div>
        <TextField
          label={t('form.location')}
          placeholder={t('form.locationPlaceholder')}
          {...field('location')}
        />
        <SelectField
          label={t('form.acquisition')}
          {...field('acquisition')}
          options={optionsOf(ACQUISITIONS, (acquisition) => t(`acquisitions.${acquisition}`))}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={values.acquisition === 'bought' ? t('form.boughtOn') : t('form.cameOn')}
            type="date"
            {...field('acquired_on')}
          />
          {values.acquisition === 'bought' && showMoney && (
            <TextField
              label={t('form.price')}
              inputMode="decimal"
              autoComplete="off"
              {...field('price', 'price_kobo')}
            />
          )}
        </div>
        {values.acquisition === 'bought' && <TextField label={t('form.seller')} {...field('seller')} />}
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('form.age')}
            inputMode="numeric"
            autoComplete="off"
            {...field('age_at_acquisition')}
          />
          <SelectField
            label={t('form.ageUnit')}
            placeholder={t('form.notSaid')}
            {...field('age_unit')}
            options={optionsOf(AGE_UNITS, (unit) => t(`ageUnits.${unit}`))}
          />
        </div>
        {individual && (
          <div className="grid grid-cols-2 gap-4">
            <TextField label={t('form.dam')} {...field('dam')} />
            <TextField label={t('form.sire')} {...field('sire')} />
          </div>
        )}
        {animal && (
          <SelectField
            label={t('form.status')}
            {...field('status')}
            options={optionsOf(LIVESTOCK_STATUSES, (status) => t(`statuses.${status}`))}
          />
        )}
        <TextareaField label={t('form.notes')} rows={3} {...field('notes')} />
        <PhotoPicker
          label={t('form.photos')}
          hint={t('form.photosHint')}
          photos={photos.photos}
          max={LIVESTOCK_PHOTOS_MAX}
          error={photos.error ?? errors.photo_ids}
          onAdd={(files) => void photos.add(files)}
          onRemove={photos.remove}
        />
      </form>
    </Dialog>
  );
}

function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.replace(/,/g, ''));
}

function numberOrNull(text: string): number | null {
  return numberOrUndefined(text) ?? null;
}

function initialValues(animal: Livestock | undefined): Values {
  return {
    kind: animal?.kind ?? 'group',
    species: animal?.species ?? '',
    name: animal?.name ?? '',
    tag: animal?.tag ?? '',
    breed: animal?.breed ?? '',
    head_count: '',
    sex: animal?.sex ?? '',
    date_of_birth: animal?.date_of_birth ?? '',
    age_at_acquisition: animal?.age_at_acquisition != null ? String(animal.age_at_acquisition) : '',
    age_unit: animal?.age_unit ?? '',
    dam: animal?.dam ?? '',
    sire: animal?.sire ?? '',
    purpose: animal?.purpose ?? '',
    housing: animal?.housing ?? '',
    location: animal?.location ?? '',
    acquisition: animal?.acquisition ?? 'bought',
    acquired_on: animal?.acquired_on ?? '',
    price: animal?.price_kobo != null ? (animal.price_kobo / 100).toFixed(2).replace(/\.00$/, '') : '',
    seller: animal?.seller ?? '',
    status: animal?.status ?? 'active',
    notes: animal?.notes ?? '',
  };
}
