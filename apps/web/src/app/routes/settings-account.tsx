import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { PageHeader } from '@/components/ui';
import { ChangeEmailForm } from '@/features/account/components/ChangeEmailForm';
import { DevicesList } from '@/features/account/components/DevicesList';
import { YourData } from '@/features/account/components/YourData';
import { ChangePasswordForm } from '@/features/auth/components/ChangePasswordForm';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { useSession } from '@/lib/session';
import { paths } from '@/lib/paths';

/** /dashboard/settings/account: email, password, signed-in devices, and your data. */
export default function AccountScreen() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user, clear } = useSession();
  const { farms } = useFarmSelection();
  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.subtitle')} />
      <div className="flex flex-col gap-10">
        <ChangeEmailForm currentEmail={user?.email ?? ''} outcome={emailOutcome(params)} />
        <ChangePasswordForm />
        <DevicesList />
        <YourData
          email={user?.email ?? ''}
          ownedFarms={farms.filter((farm) => farm.role === 'owner').map((farm) => farm.name)}
          onDeleted={async () => {
            clear();
            toast.success(t('data.deleted'));
            await navigate(paths.home, { replace: true });
          }}
        />
      </div>
    </>
  );
}

/** What the email confirmation link said when it brought the person back here. */
function emailOutcome(params: URLSearchParams): 'changed' | 'expired' | 'invalid' | null {
  const error = params.get('error');
  if (error) return error === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
  return params.get('email') === 'changed' ? 'changed' : null;
}
