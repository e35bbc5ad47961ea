import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MODERATION_SEARCH_MAX, SuspendSellingInputSchema, type AdminUser } from '@gona/shared/marketplace';
import { formatNigerianPhone } from '@gona/shared/phone';
import { Badge, Button, ConfirmDialog, PagedList, TextField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
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
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, MODERATION_SEARCH_MAX);
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | undefined>();
  const query = useAdminUsers(q);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [restoring, setRestoring] = useState<AdminUser | null>(null);
  const suspend = useSuspendSelling();
  const restore = useRestoreSelling();
  const errorText = useErrorText();
  const restoreSent = useRef(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = typed.trim();
    if (next.length > MODERATION_SEARCH_MAX) {
      setError(t('users.tooLong', { max: MODERATION_SEARCH_MAX }));
      return;
    }
    setError(undefined);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === '') updated.delete('q');
        else updated.set('q', next);
        return updated;
      },
      { replace: true },
    );
  };

  /** Sent once however often "Restore selling" is tapped. */
  async function restoreSelling(person: AdminUser) {
    if (restoreSent.current) return;
    restoreSent.current = true;
    try {
      await restore.mutateAsync(person.id);
      toast.success(t('users.restored', { name: person.name }));
    } catch (failure) {
      toast.error(t('users.failed', { message: errorText(failure) }));
    } finally {
      restoreSent.current = false;
      setRestoring(null);
    }
  }

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('users.title')}</h1>
      <form
        role="search"
        noValidate
        onSubmit={onSubmit}
        className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start"
      >
        <TextField
          label={t('users.search')}
          hint={t('users.searchHint')}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={typed}
          error={error}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" className="sm:mt-7">
          {t('users.submit')}
        </Button>
      </form>
      <PagedList
        query={query}
        items={pageItems(query.data)}
        errorTitle={t('users.error')}
        errorText={(message) => message}
        empty={
          <p className="break-words text-stone-700">{q ? t('users.noMatch', { q }) : t('users.empty')}</p>
        }
      >
        {(rows) => (
          <ul className="flex flex-col gap-2" aria-label={t('users.title')}>
            {rows.map((person) => (
              <li key={person.id}>
                <PersonResult
                  person={person}
                  isMe={person.id === user?.id}
                  onSuspend={setSuspending}
                  onRestore={setRestoring}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
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
            toast.success(t('users.suspended', { name: suspending.name }));
            setSuspending(null);
          }}
          onClose={() => setSuspending(null)}
        />
      )}
      <ConfirmDialog
        open={restoring !== null}
        title={t('users.restoreTitle', { name: restoring?.name ?? '' })}
        message={t('users.restoreText')}
        confirmLabel={t('users.restoreConfirm')}
        cancelLabel={t('users.goBack')}
        pending={restore.isPending}
        onCancel={() => setRestoring(null)}
        onConfirm={() => {
          if (restoring) void restoreSelling(restoring);
        }}
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
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 font-semibold break-words text-stone-900">{person.name}</h2>
        {person.selling_suspended_at && <Badge tone="red">{t('users.suspendedBadge')}</Badge>}
      </header>
      <p className="break-all text-stone-800">{person.email}</p>
      {person.phone && <p className="text-stone-800 tabular-nums">{formatNigerianPhone(person.phone)}</p>}
      <p className="text-sm break-words text-stone-700">
        {person.farms.length > 0
          ? t('users.owns', { farms: person.farms.map((farm) => farm.name).join(', ') })
          : t('users.ownsNone')}
      </p>
      {person.selling_suspended_at && (
        <p className="rounded-lg bg-red-50 px-3 py-2 break-words text-red-900">
          {t('users.suspendedNote', {
            time: formatDateTime(person.selling_suspended_at),
            reason: person.selling_suspended_reason ?? '',
          })}
        </p>
      )}
      {!isMe && (
        <div>
          {person.selling_suspended_at ? (
            <Button
              variant="secondary"
              aria-label={t('users.restoreLabel', { name: person.name })}
              onClick={() => onRestore(person)}
            >
              {t('users.restore')}
            </Button>
          ) : (
            <Button
              variant="danger"
              aria-label={t('users.suspendLabel', { name: person.name })}
              onClick={() => onSuspend(person)}
            >
              {t('users.suspend')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
