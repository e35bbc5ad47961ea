import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FlaskConical, Trash2 } from 'lucide-react';
import { CreateSoilRecordInputSchema, SOIL_TYPES, type Field } from '@gona/shared/crops';
import { can, type FarmRole } from '@gona/shared/permissions';
import { formatNaira } from '@gona/shared/money';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  FormAlert,
  optionsOf,
  PageHeader,
  SelectField,
  SkeletonRows,
  TextareaField,
  TextField,
} from '@/components/ui';
import { BackLink, DetailState } from '@/components/ui/DetailState';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import type { FarmPoint } from './FieldMap';
import { useDeleteField, useField, useRecordSoil, useSoilRecords } from '../fields-api';

/** The map and its drawing tools load only with a field's page (about 70 KB). */
const FieldMap = lazy(() => import('./FieldMap'));

type Props = {
  farmId: string;
  role: FarmRole;
  fieldId: string;
  listPath: string;
  farmPoint: FarmPoint;
};

/** One field: what it is, its soil tests with what they say to do, and a new soil test. */
export function FieldDetail({ farmId, role, fieldId, listPath, farmPoint }: Props) {
  const { t } = useTranslation('crops');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const field = useField(farmId, fieldId);
  const remove = useDeleteField(farmId);
  const [dialog, setDialog] = useState<'soil' | 'delete' | null>(null);
  const back = <BackLink to={listPath}>{t('fields.back')}</BackLink>;
  if (!field.data) {
    return (
      <DetailState
        query={field}
        back={{ to: listPath, label: t('fields.back') }}
        notFoundTitle={t('fields.notFound')}
        notFoundText={t('fields.notFoundText')}
        errorTitle={t('fields.errorTitle')}
      />
    );
  }
  const item = field.data;
  async function onDelete() {
    try {
      await remove.mutateAsync(item.id);
      toast.success(t('fields.deleted', { name: item.name }));
      await navigate(listPath);
    } catch (error) {
      setDialog(null);
      toast.error(errorText(error));
    }
  }
  return (
    <div className="flex flex-col gap-6">
      <div>
        {back}
        <PageHeader
          title={item.name}
          description={item.area_ha ? t('list.area', { area: item.area_ha }) : undefined}
          action={
            can(role, 'records.write') && (
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setDialog('soil')}>
                  <FlaskConical aria-hidden="true" className="size-4" />
                  {t('fields.addSoil')}
                </Button>
                <Button variant="secondary" onClick={() => setDialog('delete')}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('detail.delete')}
                </Button>
              </div>
            )
          }
        />
      </div>
      <Suspense fallback={<SkeletonRows rows={4} />}>
        <FieldMap farmId={farmId} field={item} canEdit={can(role, 'records.write')} farmPoint={farmPoint} />
      </Suspense>
      <FieldFacts field={item} role={role} />
      <SoilTests farmId={farmId} fieldId={item.id} />
      {dialog === 'soil' && <SoilDialog farmId={farmId} field={item} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('fields.deleteTitle', { name: item.name })}
        message={t('fields.deleteMessage')}
        confirmLabel={t('detail.delete')}
        cancelLabel={t('common:cancel')}
        confirmVariant="danger"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setDialog(null)}
      />
    </div>
  );
}

function FieldFacts({ field, role }: { field: Field; role: FarmRole }) {
  const { t } = useTranslation('crops');
  const none = t('fields.notSaid');
  const facts: [string, string][] = [
    [t('fields.tenure'), field.tenure ? t(`fields.tenures.${field.tenure}`) : none],
    ...(field.rent_kobo != null && can(role, 'money.read')
      ? ([[t('fields.rent'), formatNaira(field.rent_kobo)]] as [string, string][])
      : []),
    [t('fields.irrigation'), field.irrigation ? t(`fields.irrigations.${field.irrigation}`) : none],
    [t('fields.soilType'), field.soil_type ? t(`fields.soilTypes.${field.soil_type}`) : none],
  ];
  return (
    <section aria-label={t('fields.about')} className="rounded-xl border border-stone-200 bg-white p-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-stone-700">{label}</dt>
            <dd className="wrap-anywhere text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
      {field.notes && <p className="mt-3 wrap-anywhere text-stone-800">{field.notes}</p>}
    </section>
  );
}

function SoilTests({ farmId, fieldId }: { farmId: string; fieldId: string }) {
  const { t } = useTranslation('crops');
  const tests = useSoilRecords(farmId, fieldId).data?.items ?? [];
  return (
    <section aria-labelledby="soil-tests" className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="soil-tests" className="text-lg font-semibold text-stone-900">
        {t('fields.soilTests')}
      </h2>
      {tests.length === 0 ? (
        <p className="mt-1 text-stone-700">{t('fields.noSoil')}</p>
      ) : (
        <ol className="mt-2 divide-y divide-stone-100">
          {tests.map((test) => (
            <li key={test.id} className="flex flex-col gap-1 py-3">
              <span className="font-medium text-stone-900">
                {[
                  dayMonthYear(test.sample_date),
                  test.ph !== null ? t('fields.ph', { ph: test.ph }) : null,
                  test.organic_carbon_percent !== null
                    ? t('fields.carbon', { value: test.organic_carbon_percent })
                    : null,
                  test.lab,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <ul className="flex flex-col gap-1">
                {test.advice.map((advice) => (
                  <li key={advice.key} className="flex items-start gap-2 text-sm text-stone-800">
                    <Badge tone={advice.severity === 'warning' ? 'amber' : 'green'}>
                      {t(`fields.severity.${advice.severity}`)}
                    </Badge>
                    <span className="wrap-anywhere">{t(`fields.advice.${advice.key}`)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

function SoilDialog({ farmId, field, onClose }: { farmId: string; field: Field; onClose: () => void }) {
  const { t } = useTranslation('crops');
  const record = useRecordSoil(farmId, field.id);
  const id = useRef(newClientId());
  const form = useSchemaForm(
    {
      sample_date: todayOnFarm(),
      ph: '',
      organic_carbon_percent: '',
      phosphorus_mg_kg: '',
      potassium_cmol_kg: '',
      texture: '',
      lab: '',
      notes: '',
    },
    { failed: (message) => t('fields.soilFailed', { message }) },
  );
  const onSubmit = form.submit(
    CreateSoilRecordInputSchema,
    async (input) => {
      const saved = await record.mutateAsync(input);
      toast.success(t('fields.soilSaved'));
      if (saved.advice.some((advice) => advice.severity === 'warning'))
        toast(t(`fields.advice.${saved.advice[0]!.key}`));
      onClose();
    },
    (v) => ({
      id: id.current,
      sample_date: v.sample_date,
      ph: optionalNumber(v.ph),
      organic_carbon_percent: optionalNumber(v.organic_carbon_percent),
      phosphorus_mg_kg: optionalNumber(v.phosphorus_mg_kg),
      potassium_cmol_kg: optionalNumber(v.potassium_cmol_kg),
      texture: v.texture || null,
      lab: v.lab,
      notes: v.notes,
    }),
  );
  return (
    <Dialog
      open
      dirty={form.dirty}
      onClose={onClose}
      title={t('fields.soilTitle', { name: field.name })}
      footer={
        <Button type="submit" form="soil-form" fullWidth loading={form.pending}>
          {t('form.save')}
        </Button>
      }
    >
      <form id="soil-form" noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <TextField label={t('fields.sampleDate')} type="date" {...form.field('sample_date')} />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('fields.phLabel')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('ph')}
          />
          <TextField
            label={t('fields.carbonLabel')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('organic_carbon_percent')}
          />
          <TextField
            label={t('fields.phosphorusLabel')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('phosphorus_mg_kg')}
          />
          <TextField
            label={t('fields.potassiumLabel')}
            inputMode="decimal"
            autoComplete="off"
            {...form.field('potassium_cmol_kg')}
          />
        </div>
        <SelectField
          label={t('fields.texture')}
          placeholder={t('fields.notSaid')}
          {...form.field('texture')}
          options={optionsOf(SOIL_TYPES, (value) => t(`fields.soilTypes.${value}`))}
        />
        <TextField label={t('fields.lab')} {...form.field('lab')} />
        <TextareaField label={t('form.notes')} rows={2} {...form.field('notes')} />
      </form>
    </Dialog>
  );
}
