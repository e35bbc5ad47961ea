import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TASK_PHOTOS_MAX, type TaskRecordInput } from '@gona/shared/tasks';
import { Button, ConfirmDialog, Dialog, TextField } from '@/components/ui';
import { CheckboxField } from '@/components/ui/CheckboxField';
import { PhotoPicker } from '@/components/ui/PhotoPicker';
import { usePhotoField } from '@/lib/use-photo-field';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { dayMonthYear, formatDateTime } from '@/lib/format';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useDeleteTask, useTask, useTaskStatus } from '../api';
import { completionRecords, healthWork } from '../completion';

type Props = {
  farmId: string;
  taskId: string;
  canTick: boolean;
  canPlan: boolean;
  /** Marks the task done (queued offline), with what it records (stock used, a health record) and photos. */
  onComplete: (title: string, records: TaskRecordInput[], photoIds: string[]) => void;
  onClose: () => void;
};

/** A task's details, and what can be done with it: done (with what it records), skip, reopen, delete. */
export function TaskDetailDialog({ farmId, taskId, canTick, canPlan, onComplete, onClose }: Props) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const task = useTask(farmId, taskId);
  const status = useTaskStatus(farmId);
  const remove = useDeleteTask(farmId);
  const [used, setUsed] = useState('');
  const [health, setHealth] = useState<boolean | null>(null);
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState<'task' | 'series' | null>(null);
  const data = task.data;
  const photos = usePhotoField({ farmId, kind: 'task', max: TASK_PHOTOS_MAX });

  const act = async (run: () => Promise<unknown>, then?: string) => {
    try {
      await run();
      if (then) toast.success(then);
      onClose();
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  return (
    <Dialog open onClose={onClose} title={data?.title ?? t('detail.title')}>
      {!data ? (
        <SkeletonRows rows={3} />
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-1 gap-2 text-stone-800">
            <div>
              <dt className="text-sm text-stone-600">{t('form.type')}</dt>
              <dd>{t(`types.${data.type}`)}</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t('form.dueDate')}</dt>
              <dd>
                {data.due_time
                  ? t('row.dueAt', { date: dayMonthYear(data.due_date), time: data.due_time })
                  : t('row.due', { date: dayMonthYear(data.due_date) })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-stone-600">{t('detail.people')}</dt>
              <dd className="break-words">
                {data.assignees.length
                  ? data.assignees.map((person) => person.name).join(', ')
                  : t('row.nobody')}
              </dd>
            </div>
            {data.supply && (
              <div>
                <dt className="text-sm text-stone-600">{t('detail.supply')}</dt>
                <dd className="break-words">{data.supply.name}</dd>
              </div>
            )}
            {data.livestock && (
              <div>
                <dt className="text-sm text-stone-600">{t('detail.animal')}</dt>
                <dd className="break-words">{data.livestock.name}</dd>
              </div>
            )}
            {data.notes && (
              <div>
                <dt className="text-sm text-stone-600">{t('detail.notes')}</dt>
                <dd className="break-words whitespace-pre-line">{data.notes}</dd>
              </div>
            )}
          </dl>
          {data.status !== 'open' && data.completed_at && (
            <p className="rounded-lg bg-stone-100 p-3 text-stone-800">
              {t(data.status === 'done' ? 'detail.doneBy' : 'detail.skippedBy', {
                name: data.completed_by_name ?? '',
                date: formatDateTime(data.completed_at),
              })}
              {data.completion_note && (
                <span className="block">{t('detail.note', { note: data.completion_note })}</span>
              )}
            </p>
          )}
          {data.status === 'open' && canTick && (
            <div className="flex flex-col gap-3">
              {data.supply && (
                <TextField
                  label={t('detail.used', { name: data.supply.name })}
                  inputMode="decimal"
                  value={used}
                  onChange={(e) => setUsed(e.target.value)}
                />
              )}
              {data.livestock && (
                <CheckboxField
                  label={t('detail.health', { name: data.livestock.name })}
                  checked={health ?? healthWork(data)}
                  onChange={(e) => setHealth(e.target.checked)}
                />
              )}
              <PhotoPicker
                label={t('detail.photos')}
                hint={t('detail.photosHint')}
                photos={photos.photos}
                max={TASK_PHOTOS_MAX}
                error={photos.error}
                onAdd={(files) => void photos.add(files)}
                onRemove={photos.remove}
              />
              <Button
                fullWidth
                onClick={() => {
                  onComplete(
                    data.title,
                    completionRecords(data, { used, ...(health === null ? {} : { health }) }),
                    photos.ids,
                  );
                  onClose();
                }}
              >
                {t('detail.complete')}
              </Button>
              <TextField
                label={t('detail.skipReason')}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button
                variant="secondary"
                fullWidth
                loading={status.isPending}
                onClick={() =>
                  void act(() => status.mutateAsync({ taskId, action: 'skip', note: reason || null }))
                }
              >
                {t('detail.skip')}
              </Button>
            </div>
          )}
          {data.status !== 'open' && canTick && (
            <Button
              variant="secondary"
              fullWidth
              loading={status.isPending}
              onClick={() => void act(() => status.mutateAsync({ taskId, action: 'reopen' }))}
            >
              {t('detail.reopen')}
            </Button>
          )}
          {canPlan && (
            <div className="flex flex-col gap-2 border-t border-stone-200 pt-4">
              <Button variant="ghost" onClick={() => setConfirm('task')}>
                {t('detail.delete')}
              </Button>
              {data.series_id && (
                <Button variant="ghost" onClick={() => setConfirm('series')}>
                  {t('detail.deleteSeries')}
                </Button>
              )}
            </div>
          )}
          {confirm && (
            <ConfirmDialog
              open
              title={t(confirm === 'series' ? 'detail.deleteSeriesQuestion' : 'detail.deleteQuestion', {
                title: data.title,
              })}
              confirmLabel={t(confirm === 'series' ? 'detail.deleteSeries' : 'detail.delete')}
              cancelLabel={t('common:cancel')}
              confirmVariant="danger"
              pending={remove.isPending}
              onCancel={() => setConfirm(null)}
              onConfirm={() =>
                void act(
                  () => remove.mutateAsync({ taskId, series: confirm === 'series' ? data.series_id : null }),
                  t('detail.deleted'),
                )
              }
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
