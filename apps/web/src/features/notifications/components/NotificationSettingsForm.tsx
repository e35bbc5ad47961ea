import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import {
  CHOOSABLE_CHANNELS,
  LISTED_KINDS,
  UpdateNotificationPreferencesInputSchema,
  isChoosable,
  type ChoosableChannel,
  type NotificationSettings,
} from '@gona/shared/notifications';
import { Button, FormAlert, SelectField, TextField } from '@/components/ui';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSaveNotificationSettings } from '../api';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const ON = 'on';
const OFF = 'off';

/** The form's strings: `low_stock.email` → on/off, quiet hours and the digest. */
type Values = Record<string, string>;

function initialValues(settings: NotificationSettings): Values {
  const values: Values = {
    quiet: settings.quiet_hours ? ON : OFF,
    quietStart: settings.quiet_hours?.start ?? '21:00',
    quietEnd: settings.quiet_hours?.end ?? '06:00',
    digest: settings.digest.enabled ? ON : OFF,
    digestHour: String(settings.digest.hour),
  };
  for (const kind of LISTED_KINDS)
    for (const channel of CHOOSABLE_CHANNELS)
      values[`${kind}.${channel}`] = settings.channels[kind]?.[channel] ? ON : OFF;
  return values;
}

function toInput(values: Values, version: number) {
  return {
    version,
    channels: Object.fromEntries(
      LISTED_KINDS.map((kind) => [
        kind,
        Object.fromEntries(
          CHOOSABLE_CHANNELS.filter((channel) => isChoosable(kind, channel)).map((channel) => [
            channel,
            values[`${kind}.${channel}`] === ON,
          ]),
        ),
      ]),
    ),
    quiet_hours: values.quiet === ON ? { start: values.quietStart, end: values.quietEnd } : null,
    digest: { enabled: values.digest === ON, hour: Number(values.digestHour) },
  };
}

/**
 * Which kinds of notification reach the person and how (in Gona always; email, this phone, SMS by
 * choice), quiet hours and the daily digest. SMS is offered only when the server sends SMS and the
 * profile has a phone number.
 */
export function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation('notifications');
  const save = useSaveNotificationSettings();
  const form = useSchemaForm<Values>(() => initialValues(settings), {
    failed: (message) => t('settings.failed', { message }),
    stale: t('settings.stale'),
  });
  const toggle = (name: string) => ({
    checked: form.values[name] === ON,
    onChange: (event: { target: { checked: boolean } }) =>
      form.setField(name, event.target.checked ? ON : OFF),
  });
  const smsHint = !settings.sms_available
    ? t('settings.smsUnavailable')
    : !settings.phone
      ? t('settings.smsNoPhone')
      : undefined;
  const channelLabel = (channel: ChoosableChannel) =>
    channel === 'sms' && settings.phone
      ? t('settings.smsTo', { phone: settings.phone })
      : t(`settings.${channel}`);

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={form.submit(
        UpdateNotificationPreferencesInputSchema,
        async (input) => {
          await save.mutateAsync(input);
          toast.success(t('settings.saved'));
        },
        (values) => toInput(values, settings.version),
      )}
    >
      <FormAlert>{form.alert}</FormAlert>
      <Section id="notification-channels" title={t('settings.channelsTitle')}>
        {LISTED_KINDS.map((kind) => (
          <fieldset key={kind} className="rounded-2xl border border-stone-200 bg-white px-4 py-3">
            <legend className="px-1 font-semibold text-stone-900">{t(`kinds.${kind}.name`)}</legend>
            <p className="mb-1 text-sm text-stone-700">{t(`kinds.${kind}.hint`)}</p>
            <CheckboxField label={t('settings.inApp')} checked disabled readOnly />
            {CHOOSABLE_CHANNELS.filter((channel) => isChoosable(kind, channel)).map((channel) => {
              const unavailable = channel === 'sms' && smsHint !== undefined;
              return (
                <CheckboxField
                  key={channel}
                  label={channelLabel(channel)}
                  hint={channel === 'sms' ? smsHint : undefined}
                  error={form.errors[`channels.${kind}.${channel}`]}
                  disabled={unavailable && form.values[`${kind}.${channel}`] !== ON}
                  {...toggle(`${kind}.${channel}`)}
                />
              );
            })}
          </fieldset>
        ))}
      </Section>

      <Section id="notification-quiet" title={t('settings.quietTitle')}>
        <CheckboxField label={t('settings.quietOn')} hint={t('settings.quietHint')} {...toggle('quiet')} />
        {form.values.quiet === ON && (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              type="time"
              label={t('settings.quietStart')}
              {...form.field('quietStart', 'quiet_hours.start')}
            />
            <TextField
              type="time"
              label={t('settings.quietEnd')}
              {...form.field('quietEnd', 'quiet_hours.end')}
            />
          </div>
        )}
        <p className="text-sm text-stone-700">{t('settings.timezone', { timezone: settings.timezone })}</p>
      </Section>

      <Section id="notification-digest" title={t('settings.digestTitle')}>
        <CheckboxField label={t('settings.digestOn')} hint={t('settings.digestHint')} {...toggle('digest')} />
        {form.values.digest === ON && (
          <SelectField
            label={t('settings.digestHour')}
            {...form.field('digestHour', 'digest.hour')}
            options={HOURS.map((hour) => ({
              value: String(hour),
              label: `${String(hour).padStart(2, '0')}:00`,
            }))}
          />
        )}
      </Section>

      <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-stone-50 px-4 py-3 md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
        <Button type="submit" loading={form.pending} fullWidth>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** A titled part of the settings screen. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
