import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { Conversation } from '@gona/shared/assistant';
import { ConfirmDialog, Dialog, PagedList } from '@/components/ui';
import { cx } from '@/components/ui/cx';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { pageItems } from '@/lib/paged-query';
import { toast } from '@/lib/toast';
import { useConversations, useDeleteConversation } from '../api';

type Props = {
  farmId: string;
  currentId: string | null;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
  onClose: () => void;
};

/** The person's conversations on this farm, newest first: open one again, or delete it. */
export function PastConversations({ farmId, currentId, onOpen, onDeleted, onClose }: Props) {
  const { t } = useTranslation('assistant');
  const errorText = useErrorText();
  const list = useConversations(farmId);
  const remove = useDeleteConversation(farmId);
  const [deleting, setDeleting] = useState<Conversation | null>(null);

  async function onDelete(conversation: Conversation) {
    try {
      await remove.mutateAsync(conversation.id);
      toast.success(t('past.deleted'));
      onDeleted(conversation.id);
    } catch (error) {
      toast.error(t('past.deleteFailed', { message: errorText(error) }));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Dialog open onClose={onClose} title={t('past.title')}>
      <PagedList
        query={list}
        items={pageItems(list.data)}
        errorTitle={t('past.errorTitle')}
        errorText={(message) => message}
        empty={<p className="text-stone-700">{t('past.empty')}</p>}
      >
        {(items) => (
          <ul className="flex flex-col divide-y divide-stone-100">
            {items.map((conversation) => (
              <li key={conversation.id} className="flex items-center gap-1 py-1">
                <button
                  type="button"
                  onClick={() => onOpen(conversation.id)}
                  aria-current={conversation.id === currentId ? 'true' : undefined}
                  className={cx(
                    'flex min-h-11 min-w-0 flex-1 flex-col rounded-lg px-2 py-1 text-left hover:bg-stone-50',
                    conversation.id === currentId && 'bg-green-50',
                  )}
                >
                  <span className="font-medium wrap-anywhere text-stone-900">{conversation.title}</span>
                  <span className="text-sm text-stone-700">
                    {t('past.updated', { date: formatDateTime(conversation.updated_at) })}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => setDeleting(conversation)}
                  aria-label={t('past.delete', { title: conversation.title })}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden="true" className="size-5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('past.deleteTitle')}
        message={t('past.deleteMessage')}
        confirmLabel={t('past.deleteConfirm')}
        cancelLabel={t('common:cancel')}
        confirmVariant="danger"
        pending={remove.isPending}
        onConfirm={() => deleting && void onDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}
