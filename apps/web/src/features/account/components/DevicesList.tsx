import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Laptop, Smartphone, Tablet, type LucideIcon } from 'lucide-react';
import type { AccountSession } from '@gona/shared/account';
import { Badge, Button, EmptyState, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useSessions, useSignOutDevices } from '../api';

const ICONS: Record<AccountSession['device'], LucideIcon> = {
  phone: Smartphone,
  tablet: Tablet,
  computer: Laptop,
  unknown: Laptop,
};

/** Settings › Account: where the account is signed in, this device marked; sign out one, or all others. */
export function DevicesList() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const query = useSessions();
  const signOut = useSignOutDevices();
  const sessions = query.data?.items ?? [];
  const others = sessions.filter((s) => !s.current);

  const run = async (which: { id: string } | 'others') => {
    try {
      await signOut.mutateAsync(which);
      toast.success(t(which === 'others' ? 'devices.othersSignedOut' : 'devices.signedOut'));
    } catch (error) {
      toast.error(t('devices.failed', { message: errorText(error) }));
    }
  };

  const describe = (s: AccountSession) =>
    t('devices.what', {
      browser: s.browser ?? t('devices.unknownBrowser'),
      os: s.os ?? t(`devices.kinds.${s.device}`),
    });

  return (
    <section aria-labelledby="devices-title" className="flex max-w-xl flex-col gap-4">
      <h2 id="devices-title" className="text-lg font-semibold text-stone-900">
        {t('devices.title')}
      </h2>
      <p className="text-stone-700">{t('devices.intro')}</p>
      {query.isPending ? (
        <SkeletonRows rows={2} />
      ) : query.isError ? (
        <EmptyState
          title={t('devices.loadFailedTitle')}
          description={errorText(query.error)}
          action={<Button onClick={() => void query.refetch()}>{t('devices.tryAgain')}</Button>}
        />
      ) : (
        <ul
          aria-label={t('devices.label')}
          className="flex flex-col divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white"
        >
          {sessions.map((s) => {
            const Icon = ICONS[s.device];
            return (
              <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-green-700" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold wrap-anywhere text-stone-900">{describe(s)}</span>
                    {s.current && <Badge tone="green">{t('devices.thisDevice')}</Badge>}
                  </span>
                  <span className="text-sm text-stone-700">
                    {t('devices.lastActive', { date: formatDateTime(s.last_active_at) })}
                  </span>
                </span>
                {!s.current && (
                  <Button
                    variant="secondary"
                    loading={
                      signOut.isPending && signOut.variables !== 'others' && signOut.variables?.id === s.id
                    }
                    onClick={() => void run({ id: s.id })}
                    aria-label={t('devices.signOutNamed', { what: describe(s) })}
                  >
                    {t('devices.signOut')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="secondary"
        disabled={others.length === 0}
        loading={signOut.isPending && signOut.variables === 'others'}
        onClick={() => void run('others')}
      >
        {t('devices.signOutOthers')}
      </Button>
    </section>
  );
}
