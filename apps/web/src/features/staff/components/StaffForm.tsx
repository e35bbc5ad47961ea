import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { toast } from '@/lib/toast';
import { formatNigerianPhone } from '@gona/shared/phone';
import {
  CreateStaffInputSchema,
  EMPLOYMENT_TYPES,
  PAY_PERIODS,
  PayFormSchema,
  STAFF_JOBS,
  STAFF_PHOTOS_MAX,
  type StaffMember,
} from '@gona/shared/staff';
import type { StoredFile } from '@gona/shared/files';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { usePhotoField } from '@/lib/use-photo-field';
import {
  Button,
  buttonClasses,
  FormAlert,
  LeaveGuard,
  optionsOf,
  SelectField,
  TextareaField,
  TextField,
} from '@/components/ui';
import { ApiError } from '@/lib/http';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { useSchemaForm } from '@/lib/use-schema-form';
import { staffKeys } from '../keys';
import { useCreateStaff, useUpdateStaff } from '../mutations';
import { WorkerLimitNotice } from './WorkerLimit';

type Props = {
  farmId: string;
  /** Absent to add someone new. */
  member?: StaffMember;
  /** The person's photo as the server has it. */
  photos?: readonly StoredFile[];
  /** The farm's members, to link this person to the account they sign in with (the screen reads them). */
  accounts?: readonly StaffAccountChoice[];
  /** Whether pay is shown and sent (roles that may read money). */
  showPay: boolean;
  /** Where the form's Back link and a finished save go. */
  listPath: string;
  /** After a save (or a change queued on the phone); the screen moves on. */
  onDone: () => void;
  /** Reads the record again after someone else changed it. */
  onReload?: () => void;
};

/** A member of the farm a staff record may name as the account its person signs in with. */
export type StaffAccountChoice = { user_id: string; name: string; email: string };

type Values = {
  member_user_id: string;
  first_name: string;
  last_name: string;
  phone: string;
  job: string;
  employment_type: string;
  start_date: string;
  end_date: string;
  pay: string;
  pay_period: string;
  next_of_kin_name: string;
  next_of_kin_phone: string;
  notes: string;
};

/**
 * Add or edit a staff member, on a screen of its own: a Back link at the top, Save at the bottom,
 * and leaving with unsaved changes asks first. Saved offline, the change waits on the phone. A farm
 * whose plan is full is told so with the way to Pro, and what was typed stays.
 */
export function StaffForm({
  farmId,
  member,
  photos: savedPhotos,
  accounts,
  showPay,
  listPath,
  onDone,
  onReload,
}: Props) {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  /** The server's words when the plan had no room left (PLAN_LIMIT). */
  const [limited, setLimited] = useState<string | null>(null);
  const createId = useRef<string | null>(null);
  const photo = usePhotoField({ farmId, kind: 'staff', max: STAFF_PHOTOS_MAX, initial: savedPhotos });
  const done = useRef(false);
  const { values, field, parse, alert, pending, handleSubmit, dirty } = useSchemaForm<Values>(
    () => initialValues(member),
    {
      failed: (message) => t('form.failed', { message }),
      stale: (
        <span className="flex flex-col items-start gap-2">
          {t('form.stale')}
          {onReload && (
            <Button variant="secondary" onClick={onReload}>
              {t('form.reload')}
            </Button>
          )}
        </span>
      ),
    },
  );

  const onSubmit = handleSubmit(() => {
    const pay = showPay ? parse(PayFormSchema, { pay_rate_kobo: values.pay }) : null;
    if (showPay && !pay) return null;
    const input = parse(CreateStaffInputSchema, {
      first_name: values.first_name,
      last_name: values.last_name,
      phone: values.phone,
      job: values.job,
      employment_type: values.employment_type,
      start_date: values.start_date || null,
      end_date: values.end_date || null,
      ...(pay ? { pay_rate_kobo: pay.pay_rate_kobo, pay_period: values.pay_period || null } : {}),
      next_of_kin_name: values.next_of_kin_name,
      next_of_kin_phone: values.next_of_kin_phone,
      notes: values.notes,
      ...(accounts ? { member_user_id: values.member_user_id || null } : {}),
    });
    if (!input) return null;
    const { id: _id, status: _status, ...fields } = input;
    // An unchanged photo is not sent: one added by someone else meanwhile stays.
    const photoChange = photo.changed ? { photo_ids: photo.ids } : {};
    const name = `${fields.first_name} ${fields.last_name}`;
    if (member) {
      return () =>
        finish(
          name,
          submitOrQueue(update, {
            ...fields,
            ...photoChange,
            version: member.version,
            id: member.id,
            farmId,
            name,
          }),
        );
    }
    // One id per form, kept for every attempt, so a retry or a queued replay adds the person once.
    return () =>
      finish(
        name,
        submitOrQueue(create, { ...input, ...photoChange, id: (createId.current ??= newClientId()), farmId }),
      );
  });

  async function finish(name: string, sending: Promise<StaffMember | typeof QUEUED>) {
    setLimited(null);
    try {
      const saved = await sending;
      toast.success(saved === QUEUED ? t('form.queued') : t(member ? 'form.saved' : 'form.added', { name }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PLAN_LIMIT') {
        void queryClient.invalidateQueries({ queryKey: staffKeys.count(farmId) });
        setLimited(error.message);
        return;
      }
      throw error;
    }
    done.current = true;
    onDone();
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-5">
      <LeaveGuard when={() => (dirty || photo.changed) && !done.current} />
      <Link to={listPath} className={buttonClasses('secondary') + ' self-start'}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('form.back')}
      </Link>
      <FormAlert>{alert}</FormAlert>
      {limited !== null && <WorkerLimitNotice message={limited} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('form.firstName')} autoComplete="off" {...field('first_name')} />
        <TextField label={t('form.lastName')} autoComplete="off" {...field('last_name')} />
        <TextField
          label={t('form.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint={t('form.phoneHint')}
          {...field('phone')}
        />
        <SelectField
          label={t('form.job')}
          placeholder={t('form.chooseJob')}
          {...field('job')}
          options={optionsOf(STAFF_JOBS, (job) => t(`jobs.${job}`))}
        />
        <SelectField
          label={t('form.employmentType')}
          placeholder={t('form.chooseEmployment')}
          {...field('employment_type')}
          options={optionsOf(EMPLOYMENT_TYPES, (type) => t(`employment.${type}`))}
        />
        <TextField label={t('form.startDate')} type="date" {...field('start_date')} />
        <TextField
          label={t('form.endDate')}
          type="date"
          hint={t('form.endDateHint')}
          {...field('end_date')}
        />
      </div>
      {showPay && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('form.pay')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('form.payHint')}
            {...field('pay', 'pay_rate_kobo')}
          />
          <SelectField
            label={t('form.payPeriod')}
            placeholder={t('form.choosePayPeriod')}
            {...field('pay_period')}
            options={optionsOf(PAY_PERIODS, (period) => t(`payPeriods.${period}`))}
          />
        </div>
      )}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-stone-900">{t('form.nextOfKin')}</legend>
        <TextField label={t('form.nextOfKinName')} autoComplete="off" {...field('next_of_kin_name')} />
        <TextField
          label={t('form.nextOfKinPhone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          {...field('next_of_kin_phone')}
        />
      </fieldset>
      <TextareaField label={t('form.notes')} rows={3} {...field('notes')} />
      {accounts && (
        <SelectField
          label={t('form.account')}
          hint={t('form.accountHint')}
          {...field('member_user_id')}
          placeholder={t('form.noAccount')}
          options={accounts.map((account) => ({
            value: account.user_id,
            label: t('form.accountOption', { name: account.name, email: account.email }),
          }))}
        />
      )}
      <PhotoPicker
        label={t('form.photo')}
        hint={t('form.photoHint')}
        photos={photo.photos}
        max={STAFF_PHOTOS_MAX}
        error={photo.error}
        onAdd={(files) => void photo.add(files)}
        onRemove={photo.remove}
      />
      <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-white px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:p-0">
        <Button type="submit" loading={pending} fullWidth>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
}

function initialValues(member: StaffMember | undefined): Values {
  return {
    first_name: member?.first_name ?? '',
    last_name: member?.last_name ?? '',
    phone: member?.phone ? formatNigerianPhone(member.phone) : '',
    job: member?.job ?? '',
    employment_type: member?.employment_type ?? '',
    start_date: member?.start_date ?? '',
    end_date: member?.end_date ?? '',
    pay: member?.pay_rate_kobo != null ? (member.pay_rate_kobo / 100).toFixed(2).replace(/\.00$/, '') : '',
    pay_period: member?.pay_period ?? '',
    next_of_kin_name: member?.next_of_kin_name ?? '',
    next_of_kin_phone: member?.next_of_kin_phone ? formatNigerianPhone(member.next_of_kin_phone) : '',
    notes: member?.notes ?? '',
    member_user_id: member?.member_user_id ?? '',
  };
}
