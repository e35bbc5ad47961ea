import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileChartColumn } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { presetPeriod, REPORT_PRESETS, ReportQuerySchema, type ReportPreset } from '@gona/shared/reports';
import { Button, EmptyState, PageHeader, SelectField, SkeletonRows, TextField } from '@/components/ui';
import { PdfReports } from '@/features/reports/components/PdfReports';
import { ReportView } from '@/features/reports/components/ReportView';
import { useReport } from '@/features/reports/api';
import { reportZip, zipName } from '@/features/reports/csv';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear, todayOnFarm } from '@/lib/format';
import { useOnline } from '@/lib/online';
import { useLivestockChoices, usePlantingChoices } from '@/lib/pickers';
import { toast } from '@/lib/toast';
import { useSelectedFarm } from '../RequireFarm';

type Choice = ReportPreset | 'custom';

/** /dashboard/reports: the farm's period (a month, a quarter, a season, a year, or chosen days), for the farm or one enterprise. */
export default function ReportsScreen() {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const online = useOnline();
  const { id: farmId, role } = useSelectedFarm();
  const today = todayOnFarm();
  const [choice, setChoice] = useState<Choice>('month');
  const [custom, setCustom] = useState(() => presetPeriod('month', today));
  const [scope, setScope] = useState('farm');
  const period = choice === 'custom' ? custom : presetPeriod(choice, today);
  const checked = ReportQuerySchema.safeParse({ ...period, scope });
  const query = checked.success ? checked.data : { ...presetPeriod('month', today), scope: 'farm' };
  const report = useReport(farmId, query);
  const plantings = usePlantingChoices(farmId).data?.items ?? [];
  const animals = (useLivestockChoices(farmId).data?.items ?? []).filter((a) => a.status === 'active');
  const periodError = checked.success ? undefined : checked.error.issues[0]?.message;

  function download() {
    if (!report.data) return;
    const bytes = reportZip(report.data, t, new Date());
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/zip' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = zipName(report.data);
    link.click();
    URL.revokeObjectURL(url);
    toast.success(t('downloaded'));
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={
          <Button onClick={download} disabled={!report.data} title={t('downloadHint')}>
            <Download className="size-4" aria-hidden="true" />
            {t('download')}
          </Button>
        }
      />
      <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={t('period.label')}
          value={choice}
          onChange={(e) => setChoice(e.target.value as Choice)}
          options={[...REPORT_PRESETS, 'custom' as const].map((value) => ({
            value,
            label: t(`period.${value}`),
          }))}
        />
        {choice === 'custom' && (
          <>
            <TextField
              type="date"
              label={t('period.from')}
              value={custom.from}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
            />
            <TextField
              type="date"
              label={t('period.to')}
              value={custom.to}
              error={periodError}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
            />
          </>
        )}
        <SelectField label={t('scope.label')} value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value="farm">{t('scope.farm')}</option>
          {plantings.length > 0 && (
            <optgroup label={t('scope.crops')}>
              {plantings.map((c) => (
                <option key={c.id} value={`crop:${c.id}`}>
                  {`${c.crop_name} · ${dayMonthYear(c.planting_date)}`}
                </option>
              ))}
            </optgroup>
          )}
          {animals.length > 0 && (
            <optgroup label={t('scope.animals')}>
              {animals.map((a) => (
                <option key={a.id} value={`animal:${a.id}`}>
                  {a.name ?? a.tag ?? a.species}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
      </div>
      <p className="mb-4 text-sm text-stone-700">
        {t('period.shown', { from: dayMonthYear(query.from), to: dayMonthYear(query.to) })}
      </p>
      {!online && report.data && (
        <p role="status" className="mb-4 rounded-md bg-stone-100 px-3 py-2 text-sm text-stone-700">
          {t('offline')}
        </p>
      )}
      {online && report.isPlaceholderData && (
        <p role="status" className="mb-4 text-sm text-stone-600">
          {t('loadingOld')}
        </p>
      )}
      {can(role, 'money.read') && online && (
        <PdfReports farmId={farmId} query={query} canAsk={can(role, 'money.write')} />
      )}
      {report.data ? (
        <ReportView report={report.data} />
      ) : report.isError || report.fetchStatus === 'paused' ? (
        <EmptyState
          icon={FileChartColumn}
          title={t('errorTitle')}
          description={report.isError ? errorText(report.error) : t('common:errors.network')}
          action={<Button onClick={() => void report.refetch()}>{t('common:errors.tryAgain')}</Button>}
        />
      ) : (
        <SkeletonRows rows={6} />
      )}
    </>
  );
}
