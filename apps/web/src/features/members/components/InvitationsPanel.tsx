import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { MailQuestion } from 'lucide-react';
import type { Invitation } from '@gona/shared/members';
import { Badge, Button, EmptyState, PagedList, ResponsiveList } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { useInvitationAction, useInvitations } from '../api';
import { RoleBadge } from './roles';

/** Invitations not yet accepted: send the link again (a new one, 7 more days) or withdraw it. */
export function InvitationsPanel({ farmId }: { farmId: string }) {
  const { t } = useTranslation('members');
  const errorText = useErrorText();
  const query = useInvitations(farmId);
  const act = useInvitationAction(farmId);

  const run = async (invitation: Invitation, action: 'resend' | 'revoke') => {
    try {
      await act.mutateAsync({ id: invitation.id, action });
      toast.success(t(`invitations.${action}Done`, { email: invitation.email }));
    } catch (error) {
      toast.error(t('invitations.failed', { message: errorText(error) }));
    }
  };

  const status = (i: Invitation) =>
    i.status === 'expired' ? (
      <Badge tone="amber">{t('invitations.expiredOn', { date: formatDateTime(i.expires_at) })}</Badge>
    ) : (
      <span className="text-sm text-stone-700">
        {t('invitations.worksUntil', { date: formatDateTime(i.expires_at) })}
      </span>
    );
  const actions = (i: Invitation) => {
    const busy = act.isPending && act.variables?.id === i.id;
    return (
      <span className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          loading={busy && act.variables?.action === 'resend'}
          disabled={busy}
          onClick={() => void run(i, 'resend')}
          aria-label={t('invitations.resendTo', { email: i.email })}
        >
          {t('invitations.resend')}
        </Button>
        <Button
          variant="ghost"
          loading={busy && act.variables?.action === 'revoke'}
          disabled={busy}
          onClick={() => void run(i, 'revoke')}
          aria-label={t('invitations.revokeTo', { email: i.email })}
        >
          {t('invitations.revoke')}
        </Button>
      </span>
    );
  };

  return (
    <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
      <h2 id="invitations-title" className="text-lg font-semibold text-stone-900">
        {t('invitations.title')}
      </h2>
      <PagedList
        query={query}
        items={pageItems(query.data)}
        errorTitle={t('invitations.loadFailedTitle')}
        errorText={(message) => t('invitations.loadFailed', { message })}
        empty={
          <EmptyState
            icon={MailQuestion}
            title={t('invitations.emptyTitle')}
            description={t('invitations.empty')}
          />
        }
      >
        {(items) => (
          <ResponsiveList
            label={t('invitations.label')}
            items={items}
            getKey={(i) => i.id}
            columns={[
              {
                key: 'email',
                header: t('invitations.email'),
                render: (i) => <span className="wrap-anywhere">{i.email}</span>,
              },
              { key: 'role', header: t('list.role'), render: (i) => <RoleBadge role={i.role} /> },
              { key: 'status', header: t('invitations.status'), render: status },
              { key: 'actions', header: t('list.actions'), render: actions },
            ]}
            renderCard={(i) => (
              <div className="flex flex-col gap-2">
                <span className="font-semibold wrap-anywhere text-stone-900">{i.email}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <RoleBadge role={i.role} />
                  {status(i)}
                </span>
                {actions(i)}
              </div>
            )}
          />
        )}
      </PagedList>
    </section>
  );
}
