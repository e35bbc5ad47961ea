import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plusDays } from '@gona/shared/climate';
import type { TaskType } from '@gona/shared/tasks';
import { can } from '@gona/shared/permissions';
import { PageHeader } from '@/components/ui';
import { alertWords, ClimateView, type ClimateAlert } from '@/features/climate/components/ClimateView';
import { assistantPath } from '@/features/assistant/links';
import { TaskFormDialog, type SuggestedTask } from '@/features/tasks/components/TaskFormDialog';
import { paths, settingsFarmPath } from '@/lib/paths';
import { todayOnFarm } from '@/lib/format';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/climate: the farm's weather and the warnings that matter to what it grows and raises. */
export default function ClimateScreen() {
  const { t } = useTranslation('climate');
  const { id: farmId, role } = useSelectedFarm();
  const [task, setTask] = useState<SuggestedTask | null>(null);
  const today = todayOnFarm();

  /** The work a warning asks for, due the day before it starts (today at the earliest; spraying on its day). */
  function suggest(alert: ClimateAlert): SuggestedTask {
    const due = alert.rule === 'spray_window' ? alert.from : plusDays(alert.from, -1);
    return {
      title: t(`tasks.${alert.rule}.title`, { ...alert.values, crop: alert.about_name }),
      type: t(`tasks.${alert.rule}.type`) as TaskType,
      due_date: due < today ? today : due,
      priority: alert.severity === 'severe' ? 'high' : 'normal',
      notes: alertWords(t, alert).advice,
      crop_id: alert.about ?? null,
    };
  }

  /**
   * A warning has no record of its own to ask about: the question names it, and is about the crop
   * it concerns when it concerns one.
   */
  function askPath(alert: ClimateAlert): string {
    return assistantPath({
      about: alert.about ? { kind: 'crop', id: alert.about } : null,
      q: t('askQuestion', { title: alertWords(t, alert).title }),
    });
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <ClimateView
        farmId={farmId}
        settingsPath={settingsFarmPath(farmId)}
        planPath={paths.crops}
        onMakeTask={can(role, 'records.write') ? (alert) => setTask(suggest(alert)) : undefined}
        askPath={askPath}
      />
      {task && (
        <TaskFormDialog farmId={farmId} today={today} suggested={task} onClose={() => setTask(null)} />
      )}
    </>
  );
}
