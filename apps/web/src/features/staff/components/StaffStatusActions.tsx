import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FREE_WORKER_LIMIT } from '@gona/shared/plans';
import { toast } from '@/lib/toast';
import { Button, buttonClasses, ConfirmDialog, Dialog, FormAlert, TextField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { ApiError } from '@/lib/http';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { useDeleteStaff } from '../api';
import { useUpdateStaff, type ShownMember } from '../mutations';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { WorkerLimitNotice } from './WorkerLimit';

type Props = {
  farmId: string;
  member: ShownMember;
  /** The plan's words when it has no room for another active worker; null while there is room. */
  limitMessage: string | null;
  /** Where the owner chooses which workers stay active on Free (the subscription page); null for others. */
  choosePath: string | null;
  onDeleted: () => void;
};

/**
 * Whether someone works here now, with the way to mark them as left (on a day, today unless
 * changed) or bring them back (which a full plan refuses), and deleting a record made by mistake.
 * A worker kept inactive after Pro ended (Free counts 10 active) is said to be so, and why; they can
 * be made active while there is room, or the owner chooses who stays active on the subscription page.
 */
export function StaffStatusActions({ farmId, member, limitMessage, choosePath, onDeleted }: Props) {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const update = useUpdateStaff();
  const remove = useDeleteStaff(farmId);
  const [leaving, setLeaving] = useState(false);
  const [leftOn, setLeftOn] = useState(todayOnFarm);
  const [deleting, setDeleting] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { name } = member;
  const inactive = member.status === 'inactive';

  async function changeStatus(change: { status: 'left'; end_date: string } | { status: 'active' }) {
    setRefused(null);
    setFailure(null);
    try {
      const saved = await submitOrQueue(update, {
        ...change,
        id: member.id,
        farmId,
        name,
        version: member.version,
      });
      if (saved === QUEUED) toast(t('form.queued'));
      else
        toast.success(
          t(
            change.status === 'left'
              ? 'actions.markedLeft'
              : inactive
                ? 'actions.madeActive'
                : 'actions.broughtBack',
            { name },
          ),
        );
      setLeaving(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PLAN_LIMIT') setRefused(error.message);
      else setFailure(t('actions.failed', { message: reasonOf(error) }));
      setLeaving(false);
    }
  }

  async function deleteMember() {
    try {
      await remove.mutateAsync(member.id);
      toast.success(t('actions.deleted', { name }));
      onDeleted();
    } catch (error) {
      setDeleting(false);
      setFailure(t('actions.failed', { message: reasonOf(error) }));
    }
  }

  /** A field's advice ("The end date cannot be before the start date") says more than "Some fields need attention". */
  const reasonOf = (error: unknown) =>
    (error instanceof ApiError ? Object.values(error.fields)[0] : undefined) ?? errorText(error);

  const blocked = refused ?? (member.status !== 'active' ? limitMessage : null);

  return (
    <section
      aria-labelledby="staff-status"
      className="flex max-w-2xl flex-col gap-4 border-t border-stone-200 pt-6"
    >
      <h2 id="staff-status" className="text-lg font-semibold text-stone-900">
        {t('actions.title')}
      </h2>
      <FormAlert>{failure}</FormAlert>
      <p className="wrap-anywhere text-stone-800">
        {member.status === 'active'
          ? t('actions.activeSince', { name })
          : inactive
            ? t('actions.inactive', { name, limit: FREE_WORKER_LIMIT })
            : member.end_date
              ? t('actions.leftOn', { name, date: dayMonthYear(member.end_date) })
              : t('actions.left', { name })}
      </p>
      {blocked && <WorkerLimitNotice message={blocked} />}
      <div className="flex flex-wrap gap-2">
        {member.status !== 'active' && !blocked && (
          <Button
            variant="secondary"
            loading={update.isPending}
            onClick={() => void changeStatus({ status: 'active' })}
          >
            {t(inactive ? 'actions.makeActive' : 'actions.bringBack')}
          </Button>
        )}
        {inactive && choosePath && (
          <Link to={choosePath} className={buttonClasses('secondary')}>
            {t('actions.chooseActive')}
          </Link>
        )}
        {member.status !== 'left' && (
          <Button variant="secondary" onClick={() => setLeaving(true)}>
            {t('actions.markLeft')}
          </Button>
        )}
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t('actions.delete')}
        </Button>
      </div>
      <p className="text-sm text-stone-700">{t('actions.deleteHint')}</p>

      <Dialog
        open={leaving}
        onClose={() => setLeaving(false)}
        title={t('actions.markLeftTitle', { name })}
        footer={
          <Button
            loading={update.isPending}
            fullWidth
            disabled={!leftOn}
            onClick={() => void changeStatus({ status: 'left', end_date: leftOn })}
          >
            {t('actions.confirmLeft')}
          </Button>
        }
      >
        <TextField
          label={t('actions.leftDate')}
          type="date"
          value={leftOn}
          onChange={(e) => setLeftOn(e.target.value)}
        />
      </Dialog>
      <ConfirmDialog
        open={deleting}
        title={t('actions.deleteTitle', { name })}
        message={t('actions.deleteMessage')}
        confirmLabel={t('actions.deleteConfirm')}
        cancelLabel={t('actions.cancel')}
        confirmVariant="danger"
        pending={remove.isPending}
        onConfirm={() => void deleteMember()}
        onCancel={() => setDeleting(false)}
      />
    </section>
  );
}
