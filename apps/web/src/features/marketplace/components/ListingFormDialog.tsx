import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SALE_UNITS, SALE_UNIT_KG, type SaleUnit } from '@gona/shared/finance';
import { LIVESTOCK_SPECIES } from '@gona/shared/livestock';
import {
  CreateListingInputSchema,
  FARM_PRODUCTS,
  LISTING_CATEGORIES,
  LISTING_PHOTOS_MAX,
  SOURCE_REQUIRED_PRODUCTS,
  sourceSpeciesOf,
  UpdateListingInputSchema,
  type FarmProduct,
  type FarmListing,
  type ListingSources,
} from '@gona/shared/marketplace';
import { NairaInputSchema, nairaText } from '@gona/shared/money';
import type { Quantity } from '@gona/shared/units';
import { z } from 'zod';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { newClientId } from '@/lib/ids';
import { quantityInput } from '@/lib/quantity-text';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { pathTo, paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { usePhotoField } from '@/lib/use-photo-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateListing, useUpdateListing } from '../mutations';
import { groupedQuantity, placeOf } from '../format';
import { HiddenNotice } from './HiddenNotice';

type Props = {
  farmId: string;
  /** What the farm can sell from, and where it is; null while it loads. */
  sources: ListingSources | null;
  /** Absent to start a new listing. */
  listing?: FarmListing;
  onClose: () => void;
  onSaved?: (listing: FarmListing) => void;
};

type Values = {
  category: string;
  product_key: string;
  title: string;
  variety: string;
  grade: string;
  moisture: string;
  quantity_available: string;
  unit: string;
  unit_kg: string;
  price: string;
  min_order: string;
  harvest_date: string;
  available_from: string;
  delivery_pickup: string;
  delivery_seller: string;
  delivery_area: string;
  delivery_fee: string;
  description: string;
  crop_key: string;
  animal_id: string;
};

const MoneyFormSchema = z.object({ price_kobo: NairaInputSchema, delivery_fee_kobo: NairaInputSchema });

/**
 * Start or change a listing: the product, how much and at what price, how it reaches the buyer, and
 * its photos. It saves as it was (a draft stays a draft); the list's buttons publish it.
 */
export function ListingFormDialog({ farmId, sources, listing, onClose, onSaved }: Props) {
  const { t } = useTranslation('marketplace');
  const create = useCreateListing();
  const update = useUpdateListing();
  const { values, field, setField, errors, parse, alert, handleSubmit, dirty } = useSchemaForm<Values>(
    () => initialValues(listing),
    { failed: (message) => t('form.failed', { message }), stale: t('form.stale') },
  );
  const photos = usePhotoField({
    farmId,
    kind: 'listing',
    max: LISTING_PHOTOS_MAX,
    initial: listing?.photos,
  });
  const createId = useRef<string | null>(null);
  const formId = listing ? `listing-form-${listing.id}` : 'listing-form-new';
  const fixedKg = SALE_UNIT_KG[values.unit as SaleUnit];
  // Eggs, milk, meat and fish name the flock, herd or pond they come from (off sale in its withdrawals).
  const sourceSpecies = sourceSpeciesOf(values.category, values.product_key);
  const sourceGroups = sourceSpecies
    ? (sources?.animals ?? []).filter((animal) => sourceSpecies.includes(animal.species))
    : [];
  const sourceRequired = SOURCE_REQUIRED_PRODUCTS.includes(values.product_key as FarmProduct);
  const namesAnimal =
    values.category === 'livestock' || sourceGroups.some((animal) => animal.id === values.animal_id);

  const onSubmit = handleSubmit(() => {
    const money = parse(MoneyFormSchema, {
      price_kobo: values.price,
      delivery_fee_kobo: values.delivery_fee,
    });
    if (!money) return null;
    const delivers = values.delivery_seller === 'yes';
    const moisture = numberOrUndefined(values.moisture);
    const common = {
      category: values.category || undefined,
      product_key: values.product_key || undefined,
      title: values.title,
      variety: values.variety,
      grade: values.grade,
      quality: moisture === undefined ? null : { moisture_pct: moisture },
      quantity_available: quantityInput(values.quantity_available),
      unit: values.unit || undefined,
      unit_kg: fixedKg ? null : (quantityInput(values.unit_kg) ?? null),
      price_kobo: money.price_kobo ?? undefined,
      min_order: quantityInput(values.min_order),
      harvest_date: values.harvest_date || null,
      available_from: values.available_from || null,
      delivery_pickup: values.delivery_pickup === 'yes',
      delivery_seller: delivers,
      delivery_area: delivers ? values.delivery_area : null,
      delivery_fee_kobo: delivers ? (money.delivery_fee_kobo ?? 0) : null,
      description: values.description,
      crop_key: values.category === 'crop' ? values.crop_key || null : null,
      animal_id: namesAnimal ? values.animal_id || null : null,
    };
    if (listing) {
      const input = parse(UpdateListingInputSchema, {
        ...common,
        ...(photos.changed ? { photo_ids: photos.ids } : {}),
        version: listing.version,
      });
      return (
        input &&
        (() =>
          finish(
            submitOrQueue(update, { ...input, farmId, listingId: listing.id, listingTitle: listing.title }),
          ))
      );
    }
    const input = parse(CreateListingInputSchema, { ...common, photo_ids: photos.ids });
    // One id per form, kept for every attempt, so a retry or a queued replay adds the listing once.
    return (
      input &&
      (() => finish(submitOrQueue(create, { ...input, id: (createId.current ??= newClientId()), farmId })))
    );
  });

  async function finish(saving: Promise<FarmListing | typeof QUEUED>) {
    const saved = await saving;
    if (saved === QUEUED) toast(t('form.queued'));
    else {
      toast.success(t('form.saved', { title: saved.title }));
      onSaved?.(saved);
    }
    onClose();
  }

  const products: [string, string][] =
    values.category === 'crop'
      ? (sources?.crops ?? []).map((crop) => [crop.key, crop.name])
      : values.category === 'livestock'
        ? LIVESTOCK_SPECIES.map((species) => [species, t(`species.${species}`)])
        : values.category === 'product'
          ? FARM_PRODUCTS.map((product) => [product, t(`products.${product}`)])
          : [];

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty || photos.changed}
      title={listing ? t('form.editTitle', { title: listing.title }) : t('form.addTitle')}
      footer={
        <Button
          type="submit"
          form={formId}
          loading={create.isPending || update.isPending || photos.preparing}
          fullWidth
        >
          {listing ? t('form.saveChanges') : t('form.save')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        {listing?.hidden && <HiddenNotice hidden={listing.hidden} />}
        {sources &&
          (sources.state ? (
            <p className="text-sm text-stone-700">{t('form.location', { place: placeOf(sources) })}</p>
          ) : (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <Link to={pathTo(paths.settingsFarm, { farmId })} className="underline underline-offset-4">
                {t('form.noState')}
              </Link>
            </p>
          ))}
        <SelectField
          label={t('form.category')}
          placeholder={t('form.chooseProduct')}
          {...field('category')}
          onChange={(e) => {
            setField('category', e.target.value);
            setField('product_key', '');
          }}
          options={optionsOf(LISTING_CATEGORIES, (category) => t(`categories.${category}`))}
        />
        {values.category === 'crop' && (sources?.harvest.length ?? 0) > 0 && (
          <SelectField
            label={t('form.fromStore')}
            {...field('crop_key')}
            onChange={(e) => {
              setField('crop_key', e.target.value);
              if (e.target.value) setField('product_key', e.target.value);
            }}
            placeholder={t('form.notFromStore')}
            options={sources?.harvest.map((crop) => ({
              value: crop.crop_key,
              label: t('form.inStore', { name: crop.crop_name, kg: groupedQuantity(crop.kg) }),
            }))}
          />
        )}
        {values.category && (
          <SelectField
            label={t('form.product')}
            placeholder={t('form.chooseProduct')}
            {...field('product_key')}
            options={products.map(([key, name]) => ({ value: key, label: name }))}
          />
        )}
        {values.category === 'livestock' && (sources?.animals.length ?? 0) > 0 && (
          <SelectField
            label={t('form.fromAnimals')}
            {...field('animal_id')}
            placeholder={t('form.notFromAnimals')}
            options={sources?.animals.map((animal) => ({
              value: animal.id,
              label: animal.withdrawal_until ? t('form.underWithdrawal', { name: animal.name }) : animal.name,
              disabled: animal.withdrawal_until !== null,
            }))}
          />
        )}
        {sourceGroups.length > 0 && (
          <SelectField
            label={t('form.fromGroup')}
            hint={t('form.fromGroupHint')}
            {...field('animal_id')}
            placeholder={sourceRequired ? t('form.chooseGroup') : t('form.notFromGroup')}
            options={sourceGroups.map((animal) => ({
              value: animal.id,
              label: animal.withdrawal_until ? t('form.underWithdrawal', { name: animal.name }) : animal.name,
              disabled: animal.withdrawal_until !== null && animal.id !== listing?.animal_id,
            }))}
          />
        )}
        <TextField
          label={t('form.title')}
          hint={t('form.titleHint')}
          autoComplete="off"
          {...field('title')}
        />
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          <TextField label={t('form.variety')} autoComplete="off" {...field('variety')} />
          <TextField label={t('form.grade')} autoComplete="off" {...field('grade')} />
        </div>
        {values.category === 'crop' && (
          <TextField
            label={t('form.moisture')}
            inputMode="decimal"
            autoComplete="off"
            {...field('moisture', 'quality')}
          />
        )}
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          <TextField
            label={t('form.quantity')}
            inputMode="decimal"
            autoComplete="off"
            {...field('quantity_available')}
          />
          <SelectField
            label={t('form.unit')}
            {...field('unit')}
            options={optionsOf(SALE_UNITS, (unit) => t(`units.${unit}`, { count: 1 }))}
          />
        </div>
        {!fixedKg && (
          <TextField
            label={t('form.unitKg')}
            hint={t('form.unitKgHint')}
            inputMode="decimal"
            autoComplete="off"
            {...field('unit_kg')}
          />
        )}
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          <TextField
            label={t('form.price')}
            inputMode="decimal"
            autoComplete="off"
            {...field('price', 'price_kobo')}
          />
          <TextField
            label={t('form.minOrder')}
            inputMode="decimal"
            autoComplete="off"
            {...field('min_order')}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
          <TextField label={t('form.harvestDate')} type="date" {...field('harvest_date')} />
          <TextField label={t('form.availableFrom')} type="date" {...field('available_from')} />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium text-stone-900">{t('form.delivery')}</legend>
          <CheckboxField
            label={t('form.pickup')}
            checked={values.delivery_pickup === 'yes'}
            error={errors.delivery_pickup}
            onChange={(e) => setField('delivery_pickup', e.target.checked ? 'yes' : '')}
          />
          <CheckboxField
            label={t('form.sellerDelivers')}
            checked={values.delivery_seller === 'yes'}
            onChange={(e) => setField('delivery_seller', e.target.checked ? 'yes' : '')}
          />
        </fieldset>
        {values.delivery_seller === 'yes' && (
          <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
            <TextField label={t('form.deliveryArea')} autoComplete="off" {...field('delivery_area')} />
            <TextField
              label={t('form.deliveryFee')}
              inputMode="decimal"
              autoComplete="off"
              {...field('delivery_fee', 'delivery_fee_kobo')}
            />
          </div>
        )}
        <TextareaField label={t('form.description')} rows={4} {...field('description')} />
        <PhotoPicker
          label={t('form.photos')}
          hint={t('form.photosHint')}
          photos={photos.photos}
          max={LISTING_PHOTOS_MAX}
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

/** A quantity read back (its exact decimal string) as the field shows it. */
const text = (value: Quantity | null | undefined) => value ?? '';
const naira = (kobo: number | null | undefined) => (kobo == null ? '' : nairaText(kobo));

function initialValues(listing: FarmListing | undefined): Values {
  const moisture = listing?.quality?.moisture_pct;
  return {
    category: listing?.category ?? '',
    product_key: listing?.product_key ?? '',
    title: listing?.title ?? '',
    variety: listing?.variety ?? '',
    grade: listing?.grade ?? '',
    moisture: moisture === undefined ? '' : String(moisture),
    quantity_available: text(listing?.quantity_available),
    unit: listing?.unit ?? 'bag_100kg',
    unit_kg: text(listing?.unit_kg),
    price: naira(listing?.price_kobo),
    min_order: text(listing?.min_order ?? '1'),
    harvest_date: listing?.harvest_date ?? '',
    available_from: listing?.available_from ?? '',
    delivery_pickup: (listing?.delivery_pickup ?? true) ? 'yes' : '',
    delivery_seller: listing?.delivery_seller ? 'yes' : '',
    delivery_area: listing?.delivery_area ?? '',
    delivery_fee: naira(listing?.delivery_fee_kobo),
    description: listing?.description ?? '',
    crop_key: listing?.crop_key ?? '',
    animal_id: listing?.animal_id ?? '',
  };
}
