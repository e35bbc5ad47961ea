import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { Farm } from '@gona/shared/farms';
import { TransferOwnershipInputSchema } from '@gona/shared/members';
import { Button, Dialog, FormAlert, SelectField, TextField } from '@/components/ui';
import { pageItems } from '@/lib/paged-query';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useMembers, useTransferOwnership } from '../api';

type Props = { farmId: string; farmName: string; onTransferred: (farm: Farm) => void };

/**
 * The owner hands the farm to another member, with their password: the new owner holds the
 * subscription and may delete the farm; the old one stays on as a manager.
 */
export function TransferOwnership({ farmId, farmName, onTransferred }: Props) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState(false);
  const others = pageItems(useMembers(farmId).data).filter((m) => !m.is_you);
  return (
    <section
      aria-labelledby="transfer-title"
      className="rounded-2xl border border-amber-200 bg-white p-5 sm:p-6"
    >
      <h2 id="transfer-title" className="text-lg font-semibold text-stone-900">
        {t('transfer.title')}
      </h2>
      <p className="mt-1 text-stone-700">{t('transfer.explain', { farm: farmName })}</p>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={others.length === 0}
        onClick={() => setOpen(true)}
      >
        {t('transfer.button')}
      </Button>
      {others.length === 0 && <p className="mt-2 text-sm text-stone-700">{t('transfer.nobody')}</p>}
      {open && (
        <TransferDialog
          farmId={farmId}
          farmName={farmName}
          candidates={others.map((m) => ({
            id: m.user_id,
            label: t('transfer.candidate', {
              name: t('fullName', { first: m.first_name, last: m.last_name }),
              role: t(`roles.${m.role}.name`),
            }),
          }))}
          onClose={() => setOpen(false)}
          onTransferred={onTransferred}
        />
      )}
    </section>
  );
}

function TransferDialog({
  farmId,
  farmName,
  candidates,
  onClose,
  onTransferred,
}: Omit<Props, 'onTransferred'> & {
  candidates: { id: string; label: string }[];
  onClose: () => void;
  onTransferred: (farm: Farm) => void;
}) {
  const { t } = useTranslation('members');
  const transfer = useTransferOwnership(farmId);
  const form = useSchemaForm(
    { user_id: '', password: '' },
    {
      failed: (message) => t('transfer.failed', { message }),
    },
  );
  const onSubmit = form.submit(TransferOwnershipInputSchema, async (input) => {
    const farm = await transfer.mutateAsync(input);
    toast.success(t('transfer.done', { farm: farmName }));
    onClose();
    onTransferred(farm);
  });
  return (
    <Dialog
      open
      onClose={onClose}
      dirty={form.dirty}
      title={t('transfer.dialogTitle', { farm: farmName })}
      description={t('transfer.dialogExplain')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={form.pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="transfer-form" variant="danger" loading={form.pending}>
            {t('transfer.confirm')}
          </Button>
        </>
      }
    >
      <form id="transfer-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{form.alert}</FormAlert>
        <SelectField
          label={t('transfer.newOwner')}
          placeholder={t('transfer.choose')}
          {...form.field('user_id')}
          options={candidates.map((c) => ({ value: c.id, label: c.label }))}
        />
        <TextField
          label={t('transfer.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
      </form>
    </Dialog>
  );
}
