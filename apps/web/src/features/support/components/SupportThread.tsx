import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportReplyInputSchema, SUPPORT_LIMITS, type SupportRequest } from '@gona/shared/support';
import { Badge, Button, FormAlert, TextareaField, cx } from '@/components/ui';
import { PhotoGallery } from '@/components/ui/PhotoGallery';
import { formatDateTime } from '@/lib/format';
import { newClientId } from '@/lib/ids';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useReplyToSupport, useWaitingReplies } from '../mutations';
import { SupportStateBadge } from './SupportWords';

type Props = { request: SupportRequest; farmId: string };

/**
 * One request's thread, oldest first, then the reply box. A reply written offline shows at once as
 * waiting and is sent once when the connection is back (its id is made here).
 */
export function SupportThread({ request, farmId }: Props) {
  const { t } = useTranslation('support');
  const waiting = useWaitingReplies(farmId, request.id);
  const sentIds = new Set(request.messages.map((m) => m.id));
  const reply = useReplyToSupport();
  const [id, setId] = useState(newClientId);
  const form = useSchemaForm({ body: '' }, { failed: (message) => t('thread.failed', { message }) });

  const onSubmit = form.submit(
    SupportReplyInputSchema,
    async () => {
      const answer = await submitOrQueue(reply, {
        id,
        body: form.values.body.trim(),
        farmId,
        requestId: request.id,
      });
      toast.success(answer === QUEUED ? t('thread.queued') : t('thread.sent'));
      form.setField('body', '');
      setId(newClientId());
    },
    (values) => ({ id, body: values.body }),
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <SupportStateBadge state={request.state} />
        {request.priority && <Badge tone="green">{t('priority')}</Badge>}
        <span className="text-sm text-stone-700">
          {request.last_reply_at
            ? t('answered', { time: formatDateTime(request.last_reply_at) })
            : t('expected', { time: formatDateTime(request.reply_due_at) })}
        </span>
      </div>
      <ol className="flex flex-col gap-3">
        {request.messages.map((m) => (
          <li
            key={m.id}
            className={cx(
              'flex flex-col gap-2 rounded-xl border p-4',
              m.from === 'support' ? 'border-green-200 bg-green-50' : 'border-stone-200 bg-white',
            )}
          >
            <p className="flex flex-wrap justify-between gap-2 text-sm text-stone-700">
              <span className="font-semibold text-stone-900">
                {m.from === 'support' ? t('thread.support') : t('thread.you')}
              </span>
              <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
            </p>
            <p className="break-words whitespace-pre-line text-stone-900">{m.body}</p>
            {m.attachments.length > 0 && <PhotoGallery photos={m.attachments} subject={request.subject} />}
          </li>
        ))}
        {waiting
          .filter((w) => !sentIds.has(w.id))
          .map((w) => (
            <li
              key={w.id}
              className="flex flex-col gap-2 rounded-xl border border-dashed border-stone-300 bg-white p-4"
            >
              <p className="flex justify-between gap-2 text-sm text-stone-700">
                <span className="font-semibold text-stone-900">{t('thread.you')}</span>
                <span>{t('thread.waiting')}</span>
              </p>
              <p className="break-words whitespace-pre-line text-stone-900">{w.body}</p>
            </li>
          ))}
      </ol>
      {request.state === 'solved' && <p className="text-stone-800">{t('thread.solvedHint')}</p>}
      {request.can_reply ? (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-3">
          <FormAlert>{form.alert}</FormAlert>
          <TextareaField
            label={t('thread.reply')}
            hint={t('thread.replyHint')}
            rows={3}
            maxLength={SUPPORT_LIMITS.reply}
            {...form.field('body')}
          />
          <Button type="submit" loading={form.pending}>
            {t('thread.send')}
          </Button>
        </form>
      ) : (
        <p className="rounded-xl bg-stone-100 p-4 text-stone-900">{t('thread.closed')}</p>
      )}
    </div>
  );
}
