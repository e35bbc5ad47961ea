import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button, buttonClasses, TypeToConfirm } from '@/components/ui';
import { ApiError } from '@/lib/http';
import { useErrorText } from '@/lib/error-text';
import { deleteAccount, EXPORT_URL } from '../api';

type Props = {
  email: string;
  /** Farms the person owns; deleting the account asks them to hand these over or delete them first. */
  ownedFarms: readonly string[];
  onDeleted: () => Promise<void> | void;
};

/**
 * The Nigeria Data Protection Act 2023's rights on one card: download everything about you, and
 * delete your account (after typing your email; a farm you alone own must be handed over first).
 */
export function YourData({ email, ownedFarms, onDeleted }: Props) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const close = () => {
    setOpen(false);
    setProblem(null);
    setFieldError(undefined);
  };

  const confirm = async (typed: string) => {
    setPending(true);
    setProblem(null);
    try {
      await deleteAccount(typed);
      close();
      await onDeleted();
    } catch (error) {
      if (error instanceof ApiError && error.fields.email) setFieldError(error.fields.email);
      else setProblem(t('data.deleteFailed', { message: errorText(error) }));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="your-data-title" className="flex max-w-xl flex-col gap-4">
      <h2 id="your-data-title" className="text-lg font-semibold text-stone-900">
        {t('data.title')}
      </h2>
      <p className="text-stone-700">{t('data.intro')}</p>
      <a href={EXPORT_URL} download className={buttonClasses('secondary')}>
        <Download aria-hidden="true" className="size-5" />
        {t('data.download')}
      </a>
      <div className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6">
        <h3 className="font-semibold text-stone-900">{t('data.deleteTitle')}</h3>
        <p className="mt-1 text-stone-700">{t('data.deleteExplain')}</p>
        {ownedFarms.length > 0 && (
          <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            <p className="font-medium">{t('data.ownedFirst')}</p>
            <ul className="mt-1 list-disc ps-5">
              {ownedFarms.map((name) => (
                <li key={name} className="wrap-anywhere">
                  {name}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
          {t('data.deleteButton')}
        </Button>
      </div>
      <TypeToConfirm
        open={open}
        onClose={close}
        title={t('data.confirmTitle')}
        description={t('data.deleteExplain')}
        expected={email}
        ignoreCase
        type="email"
        label={t('data.typeEmail', { email })}
        confirmLabel={t('data.confirm')}
        cancelLabel={t('data.keep')}
        onConfirm={(typed) => void confirm(typed)}
        pending={pending}
        problem={problem}
        fieldError={fieldError}
      />
    </section>
  );
}
