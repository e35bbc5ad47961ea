import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_SEARCH_MAX, SuspendSellingInputSchema, type AdminUser } from '@gona/shared/marketplace';
import { formatNigerianPhone } from '@gona/shared/phone';
import { Badge } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useAddressSearch } from './address-search';
import { AdminResultList } from './AdminResultList';
import { AdminSearchForm } from './AdminSearchForm';
import { ConfirmOnceDialog } from './ConfirmOnceDialog';
import { ModerationCard } from './ModerationCard';
import { useAdminUsers, useRestoreSelling, useSuspendSelling } from './moderation-api';
import { ReasonDialog } from './ReasonDialog';

/**
 * The back office's people: found by the start of an email, a whole phone number or part of a
 * name (sent on Enter or the button; in the address as ?q=), each with the farms they own. Gona
 * stops a person selling with the reason they read, and lets them sell again; never themselves.
 */
export function AdminUsers() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  const search = useAddressSearch(MODERATION_SEARCH_MAX, t('users.tooLong', { max: MODERATION_SEARCH_MAX }));
  const { q } = search;
  const query = useAdminUsers(q);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [restoring, setRestoring] = useState<AdminUser | null>(null);
  const suspend = useSuspendSelling();
  const restore = useRestoreSelling();

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('users.title')}</h1>
      <AdminSearchForm
        search={search}
        label={t('users.search')}
        hint={t('users.searchHint')}
        submitLabel={t('users.submit')}
      />
      <AdminResultList
        query={query}
        label={t('users.title')}
        errorTitle={t('users.error')}
        empty={q ? t('users.noMatch', { q }) : t('users.empty')}
      >
        {(person) => (
          <PersonResult
            person={person}
            isMe={person.id === user?.id}
            onSuspend={setSuspending}
            onRestore={setRestoring}
          />
        )}
      </AdminResultList>
      {suspending && (
        <ReasonDialog
          title={t('users.suspendTitle', { name: suspending.name })}
          intro={t('users.suspendIntro')}
          label={t('users.reason')}
          hint={t('users.reasonHint')}
          submitLabel={t('users.suspendSubmit')}
          schema={SuspendSellingInputSchema}
          onSend={async (input) => {
            await suspend.mutateAsync({ userId: suspending.id, input });
            return t('users.suspended', { name: suspending.name });
          }}
          onClose={() => setSuspending(null)}
        />
      )}
      <ConfirmOnceDialog
        subject={restoring}
        title={t('users.restoreTitle', { name: restoring?.name ?? '' })}
        message={t('users.restoreText')}
        confirmLabel={t('users.restoreConfirm')}
        cancelLabel={t('users.goBack')}
        send={async (person) => {
          await restore.mutateAsync(person.id);
          return t('users.restored', { name: person.name });
        }}
        failed={(message) => t('users.failed', { message })}
        onClose={() => setRestoring(null)}
      />
    </main>
  );
}

function PersonResult({
  person,
  isMe,
  onSuspend,
  onRestore,
}: {
  person: AdminUser;
  isMe: boolean;
  onSuspend: (person: AdminUser) => void;
  onRestore: (person: AdminUser) => void;
}) {
  const { t } = useTranslation('admin');
  const suspended = person.selling_suspended_at;
  return (
    <ModerationCard
      title={person.name}
      badges={suspended && <Badge tone="red">{t('users.suspendedBadge')}</Badge>}
      note={
        suspended
          ? t('users.suspendedNote', {
              time: formatDateTime(suspended),
              reason: person.selling_suspended_reason ?? '',
            })
          : null
      }
      step={
        isMe
          ? undefined
          : suspended
            ? {
                undo: true,
                label: t('users.restoreLabel', { name: person.name }),
                text: t('users.restore'),
                onClick: () => onRestore(person),
              }
            : {
                undo: false,
                label: t('users.suspendLabel', { name: person.name }),
                text: t('users.suspend'),
                onClick: () => onSuspend(person),
              }
      }
    >
      <p className="break-all text-stone-800">{person.email}</p>
      {person.phone && <p className="text-stone-800 tabular-nums">{formatNigerianPhone(person.phone)}</p>}
      <p className="text-sm break-words text-stone-700">
        {person.farms.length > 0
          ? t('users.owns', { farms: person.farms.map((farm) => farm.name).join(', ') })
          : t('users.ownsNone')}
      </p>
    </ModerationCard>
  );
}
