import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateTaskInputSchema,
  TASK_PRIORITIES,
  TASK_TYPES,
  toRrule,
  WEEKDAYS,
  type TaskPriority,
  type TaskType,
  type Weekday,
} from '@gona/shared/tasks';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextareaField, TextField } from '@/components/ui';
import { cx } from '@/components/ui/cx';
import { newClientId } from '@/lib/ids';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useActiveStaff, useStoreSupplies } from '@/lib/pickers';
import { useCreateTask } from '../api';

/** A task suggested elsewhere (a weather warning): the form opens with it filled in. */
export type SuggestedTask = {
  title: string;
  type: TaskType;
  due_date: string;
  priority?: TaskPriority;
  notes?: string;
  crop_id?: string | null;
};

type Props = { farmId: string; today: string; onClose: () => void; suggested?: SuggestedTask };

/** A new task: what, when, for whom, about what, and how it repeats. */
export function TaskFormDialog({ farmId, today, onClose, suggested }: Props) {
  const { t } = useTranslation('tasks');
  const formId = useId();
  const taskId = useRef<string | null>(null);
  const create = useCreateTask(farmId);
  const staff = useActiveStaff(farmId);
  const supplies = useStoreSupplies(farmId);
  const [people, setPeople] = useState<string[]>([]);
  const [days, setDays] = useState<Weekday[]>([]);
  const { values, field, parse, alert, handleSubmit, dirty, errors } = useSchemaForm(
    {
      title: suggested?.title ?? '',
      type: suggested?.type ?? 'other',
      due_date: suggested?.due_date ?? today,
      due_time: '',
      priority: suggested?.priority ?? 'normal',
      supply_id: '',
      repeat: 'none',
      interval: '1',
      month_day: today.slice(8, 10).replace(/^0/, ''),
      count: '',
      notes: suggested?.notes ?? '',
    },
    { failed: (message) => t('form.failed', { message }) },
  );

  const onSubmit = handleSubmit(() => {
    const repeat = values.repeat;
    const rrule =
      repeat === 'none'
        ? null
        : toRrule({
            freq: repeat as 'daily' | 'weekly' | 'monthly',
            interval: Number(values.interval) || 1,
            days: repeat === 'weekly' ? days : undefined,
            monthDay: repeat === 'monthly' ? Number(values.month_day) || 1 : undefined,
            count: values.count ? Number(values.count) : undefined,
          });
    const input = parse(CreateTaskInputSchema, {
      id: (taskId.current ??= newClientId()),
      title: values.title,
      type: values.type,
      due_date: values.due_date,
      due_time: values.due_time || null,
      priority: values.priority,
      supply_id: values.supply_id || null,
      crop_id: suggested?.crop_id ?? null,
      assignee_ids: people,
      notes: values.notes,
      rrule,
    });
    return (
      input &&
      (async () => {
        await create.mutateAsync(input);
        toast.success(t('form.saved', { title: input.title }));
        onClose();
      })
    );
  });

  const choose = <T extends string>(list: T[], value: T) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty || people.length > 0}
      title={t('form.title')}
      footer={
        <Button type="submit" form={formId} loading={create.isPending} fullWidth>
          {t('form.save')}
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <TextField label={t('form.what')} hint={t('form.whatHint')} autoComplete="off" {...field('title')} />
        <SelectField
          label={t('form.type')}
          {...field('type')}
          options={optionsOf(TASK_TYPES, (type) => t(`types.${type}`))}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t('form.dueDate')} type="date" {...field('due_date')} />
          <TextField label={t('form.dueTime')} type="time" {...field('due_time')} />
        </div>
        <SelectField
          label={t('form.priority')}
          {...field('priority')}
          options={optionsOf(TASK_PRIORITIES, (priority) => t(`priority.${priority}`))}
        />
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t('form.people')}</legend>
          <p className="mb-2 text-sm text-stone-700">{t('form.peopleHint')}</p>
          {staff.data && staff.data.length === 0 && (
            <p className="text-sm text-stone-700">{t('form.noStaff')}</p>
          )}
          <ul className="flex flex-col gap-1">
            {staff.data?.map((person) => (
              <li key={person.id}>
                <label className="flex min-h-11 items-center gap-3 rounded-lg px-1">
                  <input
                    type="checkbox"
                    className="size-5 accent-green-700"
                    checked={people.includes(person.id)}
                    onChange={() => setPeople((current) => choose(current, person.id))}
                  />
                  <span className="break-words text-stone-900">{person.name}</span>
                </label>
              </li>
            ))}
          </ul>
          {errors.assignee_ids && <p className="mt-1 text-sm text-red-700">{errors.assignee_ids}</p>}
        </fieldset>
        <SelectField
          label={t('form.supply')}
          {...field('supply_id')}
          placeholder={t('form.noSupply')}
          options={supplies.data?.items.map((supply) => ({ value: supply.id, label: supply.name }))}
        />
        <SelectField
          label={t('form.repeat')}
          {...field('repeat', 'rrule')}
          options={optionsOf(['none', 'daily', 'weekly', 'monthly'] as const, (repeat) =>
            t(`form.repeats.${repeat}`),
          )}
        />
        {values.repeat !== 'none' && (
          <>
            <TextField label={t('form.every')} inputMode="numeric" {...field('interval')} />
            {values.repeat === 'weekly' && (
              <fieldset>
                <legend className="mb-2 text-sm font-medium text-stone-800">{t('form.days')}</legend>
                <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
                  {WEEKDAYS.map((day) => (
                    <label
                      key={day}
                      className={cx(
                        'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium',
                        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-green-700',
                        days.includes(day)
                          ? 'border-green-700 bg-green-700 text-white'
                          : 'border-stone-300 bg-white text-stone-900',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={days.includes(day)}
                        onChange={() => setDays((current) => choose(current, day))}
                      />
                      {t(`form.weekdays.${day}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {values.repeat === 'monthly' && (
              <TextField
                label={t('form.monthDay')}
                hint={t('form.monthDayHint')}
                inputMode="numeric"
                {...field('month_day')}
              />
            )}
            <TextField label={t('form.times')} inputMode="numeric" {...field('count')} />
          </>
        )}
        <TextareaField label={t('form.notes')} rows={3} {...field('notes')} />
      </form>
    </Dialog>
  );
}
