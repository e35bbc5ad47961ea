import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { INVITABLE_ROLES, InviteMemberInputSchema } from '@gona/shared/members';
import { Button, Dialog, FormAlert, optionsOf, SelectField, TextField } from '@/components/ui';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useInvite } from '../api';

type Props = { farmId: string; farmName: string; onClose: () => void };

/** Invites a person by email with a role; the mail carries a link that works for 7 days. */
export function InviteDialog({ farmId, farmName, onClose }: Props) {
  const { t } = useTranslation('members');
  const invite = useInvite(farmId);
  const form = useSchemaForm(
    { email: '', role: 'worker' },
    {
      failed: (message) => t('invite.failed', { message }),
    },
  );
  const { field, values, pending, alert, dirty } = form;

  const onSubmit = form.submit(InviteMemberInputSchema, async (input) => {
    const invitation = await invite.mutateAsync(input);
    toast.success(t('invite.sent', { email: invitation.email }));
    onClose();
  });

  return (
    <Dialog
      open
      onClose={onClose}
      dirty={dirty}
      title={t('invite.title', { farm: farmName })}
      description={t('invite.intro')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="invite-form" loading={pending}>
            {t('invite.send')}
          </Button>
        </>
      }
    >
      <form id="invite-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <TextField
          label={t('invite.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          data-autofocus
          {...field('email')}
        />
        <SelectField
          label={t('invite.role')}
          hint={t(`roles.${values.role as 'worker'}.hint`)}
          {...field('role')}
          options={optionsOf(INVITABLE_ROLES, (role) => t(`roles.${role}.name`))}
        />
      </form>
    </Dialog>
  );
}
