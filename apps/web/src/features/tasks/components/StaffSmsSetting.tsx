import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskSettings } from '@gona/shared/tasks';
import { useErrorText } from '@/lib/error-text';
import { apiFetch } from '@/lib/http';
import { toast } from '@/lib/toast';
import { taskKeys, tasksPath } from '../keys';

/** The owner's switch: staff without Gona get their tasks by SMS each morning (SMS costs money). */
export function StaffSmsSetting({ farmId }: { farmId: string }) {
  const { t } = useTranslation('tasks');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const key = [...taskKeys.all(farmId), 'settings'];
  const settings = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<TaskSettings>(`${tasksPath(farmId)}/settings`),
  });
  const save = useMutation({
    mutationFn: (sms_staff: boolean) =>
      apiFetch<TaskSettings>(`${tasksPath(farmId)}/settings`, { method: 'PUT', json: { sms_staff } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      toast.success(t(answer.sms_staff ? 'sms.on' : 'sms.off'));
    },
    onError: (err) => toast.error(errorText(err)),
  });
  if (!settings.data) return null;
  return (
    <section aria-labelledby="staff-sms" className="mt-6 rounded-2xl border border-stone-200 bg-white p-4">
      <h2 id="staff-sms" className="text-base font-semibold text-stone-900">
        {t('sms.title')}
      </h2>
      <label className="mt-2 flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 accent-green-700"
          checked={settings.data.sms_staff}
          disabled={!settings.data.sms_available || save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
        <span className="text-stone-900">
          {t('sms.label')}
          <span className="block text-sm text-stone-700">
            {settings.data.sms_available ? t('sms.hint') : t('sms.unavailable')}
          </span>
        </span>
      </label>
    </section>
  );
}
