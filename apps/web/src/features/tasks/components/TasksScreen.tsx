import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { can, type FarmRole } from '@gona/shared/permissions';
import type { Task, TaskRecordInput, TodayTasks } from '@gona/shared/tasks';
import { Button, EmptyState, PageHeader } from '@/components/ui';
import { cx } from '@/components/ui/cx';
import { SkeletonRows } from '@/components/ui/Skeleton';
import { todayOnFarm } from '@/lib/format';
import { QUEUED, submitOrQueue } from '@/lib/offline';
import { toast } from '@/lib/toast';
import { useErrorText } from '@/lib/error-text';
import { useTodayTasks } from '../api';
import { markDoneInCache, taskMutationKeys, useCompleteTask, type CompleteTaskVariables } from '../mutations';
import { MonthCalendar } from './MonthCalendar';
import { PlanDialog } from './PlanDialog';
import { StaffSmsSetting } from './StaffSmsSetting';
import { completionRecords } from '../completion';
import { TaskDetailDialog } from './TaskDetailDialog';
import { TaskFormDialog } from './TaskFormDialog';
import { TaskRow } from './TaskRow';

type Props = { farmId: string; role: FarmRole };

/**
 * /dashboard/tasks: Today (overdue, today, the next 7 days) or a month calendar; a worker sees
 * their own tasks and those given to nobody, and ticks one done in one tap, offline too.
 */
export function TasksScreen({ farmId, role }: Props) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const canPlan = can(role, 'records.write');
  const canRecord = can(role, 'records.recordEvent');
  const [view, setView] = useState<'today' | 'calendar'>('today');
  const [mine, setMine] = useState(!canPlan);
  const [adding, setAdding] = useState(false);
  const [planning, setPlanning] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const today = useTodayTasks(farmId, mine);
  const complete = useCompleteTask();
  const waiting = new Set(
    useMutationState({
      filters: { mutationKey: taskMutationKeys.completeTask, status: 'pending' },
      select: (mutation) => (mutation.state.variables as CompleteTaskVariables | undefined)?.taskId ?? '',
    }),
  );
  const farmToday = today.data?.today ?? todayOnFarm();
  // A worker ticks what is theirs or nobody's (the "mine" lists hold only those); the others any.
  const canTick = canPlan || (canRecord && mine);

  async function tick(
    task: Pick<Task, 'id' | 'title'>,
    records: TaskRecordInput[] = [],
    photoIds: string[] = [],
  ) {
    markDoneInCache(queryClient, farmId, task.id);
    try {
      const result = await submitOrQueue(complete, {
        farmId,
        taskId: task.id,
        title: task.title,
        records,
        ...(photoIds.length > 0 ? { photo_ids: photoIds } : {}),
      });
      if (result === QUEUED) toast(t('queued'));
      else toast.success(t('done', { title: task.title }));
    } catch (err) {
      toast.error(errorText(err));
      void queryClient.invalidateQueries({ queryKey: ['tasks', farmId] });
    }
  }

  const sections = today.data
    ? (['overdue', 'due_today', 'upcoming'] as const).filter((key) => today.data[key].items.length > 0)
    : [];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        action={
          canPlan ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setPlanning(true)}>
                {t('plan.open')}
              </Button>
              <Button onClick={() => setAdding(true)}>{t('add')}</Button>
            </div>
          ) : undefined
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label={t('views.label')}
          className="inline-flex rounded-lg border border-stone-300 bg-white p-1"
        >
          {(['today', 'calendar'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={cx(
                'min-h-11 rounded-md px-4 text-sm font-medium',
                view === option ? 'bg-green-700 text-white' : 'text-stone-800 hover:bg-stone-100',
              )}
            >
              {t(`views.${option}`)}
            </button>
          ))}
        </div>
        <label className="flex min-h-11 items-center gap-2 text-stone-900">
          <input
            type="checkbox"
            className="size-5 accent-green-700"
            checked={mine}
            onChange={(e) => setMine(e.target.checked)}
          />
          {t('mine')}
        </label>
      </div>

      {view === 'calendar' ? (
        <MonthCalendar
          farmId={farmId}
          today={farmToday}
          mine={mine}
          canTick={() => canTick}
          onTick={(task) => void tick(task, completionRecords(task))}
          onOpen={setOpen}
        />
      ) : today.isPending ? (
        <SkeletonRows rows={4} />
      ) : sections.length === 0 ? (
        <EmptyState title={t('empty.title')} description={mine ? t('empty.mine') : t('empty.hint')} />
      ) : (
        <div className="flex flex-col gap-4">
          {sections.map((key) => {
            const section = today.data![key];
            const leftOut = tasksLeftOut(section);
            return (
              <section
                key={key}
                aria-labelledby={`tasks-${key}`}
                className="rounded-2xl border border-stone-200 bg-white px-4 py-2"
              >
                <h2
                  id={`tasks-${key}`}
                  className={cx(
                    'pt-2 text-base font-semibold',
                    key === 'overdue' ? 'text-red-800' : 'text-stone-900',
                  )}
                >
                  {t(`sections.${key}`)} ({section.total})
                </h2>
                <ul className="divide-y divide-stone-100">
                  {section.items.map((task) => (
                    <TaskRow
                      key={task.id}
                      task={task}
                      canTick={canTick}
                      waiting={waiting.has(task.id)}
                      onTick={() => void tick(task, completionRecords(task))}
                      onOpen={() => setOpen(task.id)}
                    />
                  ))}
                </ul>
                {leftOut > 0 && (
                  <p className="pb-2 text-sm text-stone-700">{t('sections.more', { count: leftOut })}</p>
                )}
              </section>
            );
          })}
        </div>
      )}
      {can(role, 'farm.billing') && <StaffSmsSetting farmId={farmId} />}
      {planning && <PlanDialog farmId={farmId} today={farmToday} onClose={() => setPlanning(false)} />}
      {adding && <TaskFormDialog farmId={farmId} today={farmToday} onClose={() => setAdding(false)} />}
      {open && (
        <TaskDetailDialog
          farmId={farmId}
          taskId={open}
          canTick={canTick}
          canPlan={canPlan}
          onComplete={(title, records, photoIds) => void tick({ id: open, title }, records, photoIds)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

/** The section's tasks its rows leave out; a row of the next days stands for its series' days there. */
function tasksLeftOut(section: TodayTasks['overdue' | 'due_today' | 'upcoming']): number {
  let shown = 0;
  for (const item of section.items) shown += 'series_days' in item ? item.series_days : 1;
  return section.total - shown;
}
