import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, type Me } from '@gona/shared/auth';
import { UpdateProfileSchema } from '@gona/shared/account';
import { Button, FormAlert, SelectField, TextField } from '@/components/ui';
import { useSchemaForm } from '@/lib/use-schema-form';
import { isNewLanguage } from '@/i18n/manifest';
import { showSavedLanguage } from '@/i18n/account-language';
import { saveProfile } from '../api';
import { accountKeys } from '../keys';

type Props = { me: Me; onSaved: () => Promise<void> | void };

/**
 * Settings › Profile: name, phone and language. A language whose screens are not all translated and
 * reviewed is marked new (i18n/manifest.ts); saving it shows the screens in it at once.
 */
export function ProfileForm({ me, onSaved }: Props) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const form = useSchemaForm(
    { first_name: me.first_name, last_name: me.last_name, phone: me.phone ?? '', language: me.language },
    { failed: (message) => t('profile.failed', { message }) },
  );
  const onSubmit = form.submit(UpdateProfileSchema, async (input) => {
    const saved = await saveProfile(input);
    queryClient.setQueryData(accountKeys.me, saved);
    await showSavedLanguage(saved.language);
    toast.success(t('profile.saved'));
    await onSaved();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      <FormAlert>{form.alert}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('profile.firstName')} autoComplete="given-name" {...form.field('first_name')} />
        <TextField label={t('profile.lastName')} autoComplete="family-name" {...form.field('last_name')} />
      </div>
      <TextField
        label={t('profile.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={t('profile.phoneHint')}
        {...form.field('phone')}
      />
      <SelectField
        label={t('profile.language')}
        hint={t('profile.languageHint')}
        {...form.field('language')}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: isNewLanguage(language)
            ? t('profile.isNew', { language: t(`languages.${language}`) })
            : t(`languages.${language}`),
        }))}
      />
      <Button type="submit" loading={form.pending} disabled={!form.dirty}>
        {t('profile.save')}
      </Button>
    </form>
  );
}
