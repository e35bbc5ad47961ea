import { useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AdminSupportReplyInputSchema,
  SUPPORT_LIMITS,
  SUPPORT_STATES,
  type AdminSupportRequest,
} from '@gona/shared/support';
import {
  Badge,
  Button,
  FormAlert,
  SelectField,
  TextareaField,
  TextField,
  cx,
  optionsOf,
} from '@/components/ui';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { PhotoGallery } from '@/components/ui/PhotoGallery';
import { formatDateTime } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { pathTo, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { SupportStateBadge } from '../components/SupportWords';
import { useSaveReply, useSavedReplies, useSupportAnswer, useUpdateSupportRequest } from './admin-api';

/**
 * One request at the support desk: the thread with support's internal notes (marked), the reply
 * box with saved replies, and beside it the person, their farm and plan, recent orders and
 * disputes (the dispute of the order the request is about first), who has it and its state.
 */
export function SupportDesk({ request }: { request: AdminSupportRequest }) {
  const { t } = useTranslation('support');
  return (
    <main className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <Link to={paths.adminSupport} className="text-green-800 underline">
          {t('admin.back')}
        </Link>
        <h1 className="text-2xl font-bold break-words text-stone-900">{request.subject}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <SupportStateBadge state={request.state} />
          {request.priority && <Badge tone="green">{t('priority')}</Badge>}
          <span className="text-sm text-stone-700">
            {t(`topics.${request.topic}`)} · {t('expected', { time: formatDateTime(request.reply_due_at) })}
          </span>
        </div>
        <ol className="flex flex-col gap-3">
          {request.entries.map((m) => (
            <li
              key={m.id}
              className={cx(
                'flex flex-col gap-2 rounded-xl border p-4',
                m.internal
                  ? 'border-amber-300 bg-amber-50'
                  : m.from === 'support'
                    ? 'border-green-200 bg-green-50'
                    : 'border-stone-200 bg-white',
              )}
            >
              <p className="flex flex-wrap justify-between gap-2 text-sm text-stone-700">
                <span className="font-semibold text-stone-900">
                  {m.internal
                    ? t('admin.note', { name: m.author_name })
                    : m.from === 'support'
                      ? t('thread.support')
                      : m.author_name || request.person_name}
                </span>
                <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
              </p>
              <p className="break-words whitespace-pre-line text-stone-900">{m.body}</p>
              {m.attachments.length > 0 && <PhotoGallery photos={m.attachments} subject={request.subject} />}
            </li>
          ))}
        </ol>
        <AnswerForm request={request} />
      </div>
      <PersonPanel request={request} />
    </main>
  );
}

function AnswerForm({ request }: { request: AdminSupportRequest }) {
  const { t } = useTranslation('support');
  const answer = useSupportAnswer(request.id);
  const saved = useSavedReplies();
  const saveReply = useSaveReply();
  const [id, setId] = useState(newClientId);
  const [internal, setInternal] = useState(false);
  const [title, setTitle] = useState('');
  const form = useSchemaForm(
    { body: '', saved: '' },
    { failed: (message) => t('admin.failed', { message }) },
  );

  const send = (solve: boolean) =>
    form.submit(
      AdminSupportReplyInputSchema,
      async (input) => {
        await answer.mutateAsync(input);
        toast.success(internal ? t('admin.noteSaved') : t('admin.sent'));
        form.setField('body', '');
        form.setField('saved', '');
        setId(newClientId());
      },
      (values) => ({ id, body: values.body, internal, solve: solve && !internal }),
    );

  const replies = saved.data?.items ?? [];
  return (
    <form
      noValidate
      onSubmit={(e) => void send(false)(e)}
      className="flex flex-col gap-3 rounded-xl bg-white p-4"
    >
      <FormAlert>{form.alert}</FormAlert>
      {replies.length > 0 && (
        <SelectField
          label={t('admin.savedReplies')}
          placeholder={t('admin.chooseSaved')}
          value={form.values.saved}
          onChange={(e) => {
            const chosen = replies.find((r) => r.id === e.target.value);
            form.setField('saved', e.target.value);
            if (chosen) form.setField('body', chosen.body);
          }}
          options={replies.map((r) => ({ value: r.id, label: r.title }))}
        />
      )}
      <TextareaField
        label={internal ? t('admin.noteLabel') : t('admin.replyLabel')}
        hint={internal ? t('admin.noteHint') : request.by_mail ? t('admin.byMailHint') : t('admin.replyHint')}
        rows={5}
        maxLength={SUPPORT_LIMITS.reply}
        {...form.field('body')}
      />
      <CheckboxField
        label={t('admin.internal')}
        checked={internal}
        onChange={(e) => setInternal(e.target.checked)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={form.pending}>
          {internal ? t('admin.saveNote') : t('admin.send')}
        </Button>
        {!internal && (
          <Button variant="secondary" disabled={form.pending} onClick={(e) => void send(true)(formEvent(e))}>
            {t('admin.sendSolved')}
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2 border-t border-stone-200 pt-3">
        <TextField
          label={t('admin.saveAs')}
          value={title}
          maxLength={SUPPORT_LIMITS.savedReplyTitle}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Button
          variant="ghost"
          disabled={!title.trim() || !form.values.body.trim() || saveReply.isPending}
          onClick={() =>
            void saveReply
              .mutateAsync({ title: title.trim(), body: form.values.body.trim() })
              .then(() => {
                setTitle('');
                toast.success(t('admin.savedReply'));
              })
              .catch(() => toast.error(t('admin.savedReplyFailed')))
          }
        >
          {t('admin.save')}
        </Button>
      </div>
    </form>
  );
}

/** A button outside the submit path sends the form as a submit would. */
function formEvent(e: MouseEvent<HTMLButtonElement>) {
  return { preventDefault: () => e.preventDefault() } as FormEvent<HTMLFormElement>;
}

function PersonPanel({ request }: { request: AdminSupportRequest }) {
  const { t } = useTranslation('support');
  const me = useSession().user;
  const update = useUpdateSupportRequest(request.id);
  const change = (input: { assigned_to?: string | null; state?: (typeof SUPPORT_STATES)[number] }) =>
    update
      .mutateAsync({ version: request.version, ...input })
      .catch(() => toast.error(t('admin.changeFailed')));
  return (
    <aside className="flex flex-col gap-4 text-stone-900" aria-label={t('admin.person')}>
      <section className="flex flex-col gap-1 rounded-xl bg-white p-4">
        <h2 className="font-semibold">{t('admin.person')}</h2>
        <p className="break-words">{request.person_name || t('admin.noName')}</p>
        <p className="text-sm break-words text-stone-700">{request.email}</p>
        <p className="text-sm text-stone-700">
          {request.farm_name
            ? t('admin.farmPlan', {
                farm: request.farm_name,
                plan: t(`admin.plans.${request.plan ?? 'free'}`),
              })
            : t('admin.noFarm')}
        </p>
        {request.by_mail && <p className="text-sm text-stone-700">{t('admin.byMailHint')}</p>}
      </section>
      <section className="flex flex-col gap-2 rounded-xl bg-white p-4">
        <h2 className="font-semibold">{t('admin.handling')}</h2>
        <p className="text-sm text-stone-700">
          {request.assigned_to_name
            ? t('admin.assignedTo', { name: request.assigned_to_name })
            : t('admin.nobody')}
        </p>
        {request.assigned_to_me ? (
          <Button
            variant="secondary"
            disabled={update.isPending}
            onClick={() => void change({ assigned_to: null })}
          >
            {t('admin.unassign')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            disabled={update.isPending || !me}
            onClick={() => void change({ assigned_to: me?.id ?? null })}
          >
            {t('admin.assignMe')}
          </Button>
        )}
        <SelectField
          label={t('admin.state')}
          value={request.state}
          disabled={update.isPending}
          onChange={(e) => void change({ state: e.target.value as (typeof SUPPORT_STATES)[number] })}
          options={optionsOf(SUPPORT_STATES, (v) => t(`states.${v}`))}
        />
      </section>
      <section className="flex flex-col gap-2 rounded-xl bg-white p-4">
        <h2 className="font-semibold">{t('admin.disputes')}</h2>
        {request.disputes.length === 0 ? (
          <p className="text-sm text-stone-700">{t('admin.noDisputes')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {request.disputes.map((d) => (
              <li key={d.id}>
                <Link
                  to={pathTo(paths.adminDispute, { disputeId: d.id })}
                  className="text-green-800 underline"
                >
                  {d.title}
                </Link>{' '}
                {d.about_this_request && <Badge tone="amber">{t('admin.thisOrder')}</Badge>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex flex-col gap-2 rounded-xl bg-white p-4">
        <h2 className="font-semibold">{t('admin.orders')}</h2>
        {request.recent_orders.length === 0 ? (
          <p className="text-sm text-stone-700">{t('admin.noOrders')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {request.recent_orders.map((o) => (
              <li key={o.id} className="text-sm">
                <Link to={pathTo(paths.adminOrder, { orderId: o.id })} className="text-green-800 underline">
                  {o.title} · {o.reference}
                </Link>{' '}
                <span className="text-stone-700">{t(`admin.sides.${o.side}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
