import { useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { can, type FarmRole } from '@gona/shared/permissions';
import {
  ADMINISTRATION_ROUTES,
  BODY_CONDITION_MAX,
  BODY_CONDITION_MIN,
  CostFormSchema,
  CreateGrowthLogInputSchema,
  CreateHealthRecordInputSchema,
  FISH_SPECIES,
  HEALTH_RECORD_KINDS,
  LAYING_SPECIES,
  MILKING_SPECIES,
  PriceFormSchema,
  RECORDED_EVENT_KINDS,
  RecordEventInputSchema,
  RecordProductionInputSchema,
  type Livestock,
  type RecordedEventKind,
} from '@gona/shared/livestock';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useStoreSupplies } from '@/lib/pickers';
import { useGroupsOf } from '../api';
import { animalName } from '../format';
import { useRecordEvent, useRecordGrowth, useRecordHealth, useRecordProduction } from '../mutations';

export type RecordMode = 'production' | 'death' | 'event' | 'health' | 'growth';

type Props = { farmId: string; role: FarmRole; animal: Livestock; mode: RecordMode; onClose: () => void };

/**
 * The quick records of an animal or group: the day's eggs (or milk, fish, feed), a death or
 * another head-count event, a health record, a weighing. Each has its id made on the phone, so it
 * is saved at once online and waits in the queue offline; a death opens ready to save (one, today).
 */
export function RecordDialog(props: Props) {
  switch (props.mode) {
    case 'production':
      return <ProductionDialog {...props} />;
    case 'death':
      return <EventDialog {...props} kind="mortality" />;
    case 'event':
      return <EventDialog {...props} kind="sale" />;
    case 'health':
      return <HealthDialog {...props} />;
    case 'growth':
      return <GrowthDialog {...props} />;
  }
}

function ProductionDialog({ farmId, animal, onClose }: Props) {
  const { t } = useTranslation('livestock');
  const record = useRecordProduction();
  const feeds = useStoreSupplies(farmId, 'animal_feed').data?.items ?? [];
  const lays = LAYING_SPECIES.includes(animal.species);
  const milks = MILKING_SPECIES.includes(animal.species);
  const fish = FISH_SPECIES.includes(animal.species);
  const form = useSchemaForm(
    {
      date: todayOnFarm(),
      eggs_collected: '',
      eggs_cracked: '',
      milk_litres: '',
      fish_count: '',
      fish_kg: '',
      feed_supply_id: '',
      feed_quantity: '',
      notes: '',
    },
    { failed: (message) => t('record.failed', { message }) },
  );
  const { values, field } = form;
  const id = useRef(newClientId());
  const feedUnit = feeds.find((feed) => feed.id === values.feed_supply_id)?.unit;
  const onSubmit = form.handleSubmit(() => {
    const input = form.parse(RecordProductionInputSchema, {
      id: id.current,
      date: values.date,
      eggs_collected: count(values.eggs_collected),
      eggs_cracked: count(values.eggs_cracked),
      milk_litres: text(values.milk_litres),
      fish_count: count(values.fish_count),
      fish_kg: text(values.fish_kg),
      feed_supply_id: values.feed_supply_id || null,
      feed_quantity: text(values.feed_quantity),
      notes: values.notes,
    });
    return (
      input &&
      (() =>
        saved(
          t,
          submitOrQueue(record, { ...input, farmId, animalId: animal.id, animalName: animalName(animal) }),
          onClose,
        ))
    );
  });
  return (
    <RecordShell
      title={t(lays ? 'record.eggsTitle' : 'record.productionTitle', { name: animalName(animal) })}
      dirty={form.dirty}
      pending={record.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      alert={form.alert}
    >
      <TextField label={t('record.date')} type="date" {...field('date')} />
      {(lays || (!milks && !fish)) && (
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('record.eggsCollected')}
            inputMode="numeric"
            autoComplete="off"
            autoFocus={lays}
            {...field('eggs_collected')}
          />
          <TextField
            label={t('record.eggsCracked')}
            inputMode="numeric"
            autoComplete="off"
            {...field('eggs_cracked')}
          />
        </div>
      )}
      {milks && (
        <TextField
          label={t('record.milk')}
          inputMode="decimal"
          autoComplete="off"
          {...field('milk_litres')}
        />
      )}
      {fish && (
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('record.fishCount')}
            inputMode="numeric"
            autoComplete="off"
            {...field('fish_count')}
          />
          <TextField
            label={t('record.fishKg')}
            inputMode="decimal"
            autoComplete="off"
            {...field('fish_kg')}
          />
        </div>
      )}
      <SelectField
        label={t('record.feed')}
        {...field('feed_supply_id')}
        placeholder={t('record.noFeed')}
        options={feeds.map((feed) => ({ value: feed.id, label: feed.name }))}
      />
      {values.feed_supply_id && (
        <TextField
          label={t('record.feedQuantity', {
            unit: feedUnit ? t(`common:units.${feedUnit}`, { count: 2 }) : '',
          })}
          inputMode="decimal"
          autoComplete="off"
          {...field('feed_quantity')}
        />
      )}
      <TextareaField label={t('record.notes')} rows={2} {...field('notes')} />
    </RecordShell>
  );
}

function EventDialog({ farmId, role, animal, onClose, kind }: Props & { kind: RecordedEventKind }) {
  const { t } = useTranslation('livestock');
  const record = useRecordEvent();
  const form = useSchemaForm(
    {
      date: todayOnFarm(),
      kind: kind,
      count: '1',
      cause: '',
      to_animal_id: '',
      price: '',
      notes: '',
    },
    { failed: (message) => t('record.failed', { message }) },
  );
  const { values, field } = form;
  const moving = values.kind === 'transfer_out';
  const groups = (useGroupsOf(farmId, animal.species, moving).data?.items ?? []).filter(
    (group) => group.id !== animal.id && group.kind === 'group',
  );
  const showPrice = can(role, 'money.read') && (values.kind === 'sale' || values.kind === 'purchase');
  const kinds = RECORDED_EVENT_KINDS.filter(
    (k) => animal.kind === 'group' || (k !== 'birth' && k !== 'purchase' && k !== 'transfer_out'),
  );
  const id = useRef(newClientId());
  const onSubmit = form.handleSubmit(() => {
    const price = showPrice
      ? form.parse(PriceFormSchema, { price_kobo: values.price })
      : { price_kobo: null };
    if (!price) return null;
    const input = form.parse(RecordEventInputSchema, {
      id: id.current,
      date: values.date,
      kind: values.kind,
      count: count(values.count),
      cause: values.kind === 'mortality' ? values.cause : null,
      to_animal_id: moving ? values.to_animal_id || undefined : null,
      price_kobo: price.price_kobo,
      notes: values.notes,
    });
    return (
      input &&
      (() =>
        saved(
          t,
          submitOrQueue(record, { ...input, farmId, animalId: animal.id, animalName: animalName(animal) }),
          onClose,
        ))
    );
  });
  return (
    <RecordShell
      title={t(kind === 'mortality' ? 'record.deathTitle' : 'record.eventTitle', {
        name: animalName(animal),
      })}
      dirty={form.dirty}
      pending={record.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      alert={form.alert}
    >
      <SelectField
        label={t('record.whatHappened')}
        {...field('kind')}
        options={optionsOf(kinds, (k) => t(`eventKinds.${k}`))}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField label={t('record.count')} inputMode="numeric" autoComplete="off" {...field('count')} />
        <TextField label={t('record.date')} type="date" {...field('date')} />
      </div>
      {values.kind === 'mortality' && (
        <TextField label={t('record.cause')} placeholder={t('record.causePlaceholder')} {...field('cause')} />
      )}
      {moving && (
        <SelectField
          label={t('record.toGroup')}
          placeholder={t('record.chooseGroup')}
          {...field('to_animal_id')}
          options={groups.map((group) => ({ value: group.id, label: animalName(group) }))}
        />
      )}
      {showPrice && (
        <TextField
          label={t('record.price')}
          inputMode="decimal"
          autoComplete="off"
          {...field('price', 'price_kobo')}
        />
      )}
      <TextareaField label={t('record.notes')} rows={2} {...field('notes')} />
    </RecordShell>
  );
}

function HealthDialog({ farmId, role, animal, onClose }: Props) {
  const { t } = useTranslation('livestock');
  const record = useRecordHealth();
  const supplies = useStoreSupplies(farmId).data?.items ?? [];
  const form = useSchemaForm(
    {
      date: todayOnFarm(),
      kind: 'vaccination',
      condition: '',
      product_name: '',
      supply_id: '',
      quantity_used: '',
      dose: '',
      route: '',
      given_by: '',
      vet: '',
      cost: '',
      withdrawal_days: '',
      next_due_date: '',
      notes: '',
    },
    { failed: (message) => t('record.failed', { message }) },
  );
  const { values, field } = form;
  const showCost = can(role, 'money.read');
  const unit = supplies.find((supply) => supply.id === values.supply_id)?.unit;
  const id = useRef(newClientId());
  const onSubmit = form.handleSubmit(() => {
    const cost = showCost ? form.parse(CostFormSchema, { cost_kobo: values.cost }) : { cost_kobo: null };
    if (!cost) return null;
    const input = form.parse(CreateHealthRecordInputSchema, {
      id: id.current,
      date: values.date,
      kind: values.kind,
      condition: values.condition,
      product_name: values.product_name,
      supply_id: values.supply_id || null,
      quantity_used: text(values.quantity_used),
      dose: values.dose,
      route: values.route || null,
      given_by: values.given_by,
      vet: values.vet,
      cost_kobo: cost.cost_kobo,
      withdrawal_days: count(values.withdrawal_days),
      next_due_date: values.next_due_date || null,
      notes: values.notes,
    });
    return (
      input &&
      (() =>
        saved(
          t,
          submitOrQueue(record, { ...input, farmId, animalId: animal.id, animalName: animalName(animal) }),
          onClose,
        ))
    );
  });
  return (
    <RecordShell
      title={t('record.healthTitle', { name: animalName(animal) })}
      dirty={form.dirty}
      pending={record.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      alert={form.alert}
    >
      <div className="grid grid-cols-2 gap-4">
        <SelectField
          label={t('record.healthKind')}
          {...field('kind')}
          options={optionsOf(HEALTH_RECORD_KINDS, (kind) => t(`healthKinds.${kind}`))}
        />
        <TextField label={t('record.date')} type="date" {...field('date')} />
      </div>
      <TextField
        label={t('record.condition')}
        placeholder={t('record.conditionPlaceholder')}
        {...field('condition')}
      />
      <SelectField
        label={t('record.fromStore')}
        {...field('supply_id')}
        placeholder={t('record.notFromStore')}
        options={supplies.map((supply) => ({ value: supply.id, label: supply.name }))}
      />
      {values.supply_id ? (
        <TextField
          label={t('record.quantityUsed', { unit: unit ? t(`common:units.${unit}`, { count: 2 }) : '' })}
          inputMode="decimal"
          autoComplete="off"
          hint={t('record.quantityUsedHint')}
          {...field('quantity_used')}
        />
      ) : (
        <TextField
          label={t('record.product')}
          placeholder={t('record.productPlaceholder')}
          {...field('product_name')}
        />
      )}
      <div className="grid grid-cols-2 gap-4">
        <TextField label={t('record.dose')} {...field('dose')} />
        <SelectField
          label={t('record.route')}
          placeholder={t('record.notSaid')}
          {...field('route')}
          options={optionsOf(ADMINISTRATION_ROUTES, (route) => t(`routes.${route}`))}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField label={t('record.givenBy')} {...field('given_by')} />
        <TextField label={t('record.vet')} {...field('vet')} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('record.withdrawalDays')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('record.withdrawalHint')}
          {...field('withdrawal_days')}
        />
        <TextField label={t('record.nextDue')} type="date" {...field('next_due_date')} />
      </div>
      {showCost && (
        <TextField
          label={t('record.cost')}
          inputMode="decimal"
          autoComplete="off"
          {...field('cost', 'cost_kobo')}
        />
      )}
      <TextareaField label={t('record.notes')} rows={2} {...field('notes')} />
    </RecordShell>
  );
}

function GrowthDialog({ animal, farmId, onClose }: Props) {
  const { t } = useTranslation('livestock');
  const record = useRecordGrowth();
  const group = animal.kind === 'group';
  const form = useSchemaForm(
    { date: todayOnFarm(), weight_kg: '', count_weighed: '', body_condition_score: '', notes: '' },
    { failed: (message) => t('record.failed', { message }) },
  );
  const { field, values } = form;
  const id = useRef(newClientId());
  const onSubmit = form.handleSubmit(() => {
    const input = form.parse(CreateGrowthLogInputSchema, {
      id: id.current,
      date: values.date,
      weight_kg: values.weight_kg,
      count_weighed: group ? count(values.count_weighed) : null,
      body_condition_score: count(values.body_condition_score),
      notes: values.notes,
    });
    return (
      input &&
      (() =>
        saved(
          t,
          submitOrQueue(record, { ...input, farmId, animalId: animal.id, animalName: animalName(animal) }),
          onClose,
        ))
    );
  });
  return (
    <RecordShell
      title={t('record.growthTitle', { name: animalName(animal) })}
      dirty={form.dirty}
      pending={record.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      alert={form.alert}
    >
      <TextField label={t('record.date')} type="date" {...field('date')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={group ? t('record.averageWeight') : t('record.weight')}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          {...field('weight_kg')}
        />
        {group && (
          <TextField
            label={t('record.countWeighed')}
            inputMode="numeric"
            autoComplete="off"
            {...field('count_weighed')}
          />
        )}
      </div>
      <SelectField
        label={t('record.bodyCondition')}
        placeholder={t('record.notSaid')}
        {...field('body_condition_score')}
        options={Array.from({ length: BODY_CONDITION_MAX - BODY_CONDITION_MIN + 1 }, (_, i) => {
          const score = i + BODY_CONDITION_MIN;
          return { value: String(score), label: t(`bodyCondition.${score}`) };
        })}
      />
      <TextareaField label={t('record.notes')} rows={2} {...field('notes')} />
    </RecordShell>
  );
}

function RecordShell({
  title,
  dirty,
  pending,
  onClose,
  onSubmit,
  alert,
  children,
}: {
  title: string;
  dirty: boolean;
  pending: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  alert: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('livestock');
  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty}
      title={title}
      footer={
        <Button type="submit" form="livestock-record" loading={pending} fullWidth>
          {t('record.save')}
        </Button>
      }
    >
      <form id="livestock-record" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        {children}
      </form>
    </Dialog>
  );
}

async function saved(
  t: (key: string) => string,
  sending: Promise<unknown>,
  onClose: () => void,
): Promise<void> {
  const answer = await sending;
  if (answer === QUEUED) toast(t('record.queued'));
  else toast.success(t('record.saved'));
  onClose();
}

/** A whole number typed by a person; blank is none (the schema says what is missing or wrong). */
function count(value: string): number | null {
  const trimmed = value.trim().replace(/,/g, '');
  return trimmed === '' ? null : Number(trimmed);
}

function text(value: string): string | null {
  return value.trim() === '' ? null : value;
}
