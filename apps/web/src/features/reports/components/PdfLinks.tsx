import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_LINK_DAYS, type ReportLink, type ReportPdf } from '@gona/shared/reports';
import { Button, SelectField } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useCreateReportLink, useReportLinks, useRevokeReportLink } from '../api';

const DAY_CHOICES = [REPORT_LINK_DAYS.min, REPORT_LINK_DAYS.default, 60, REPORT_LINK_DAYS.max];
const day = (iso: string) => formatDateTime(iso).slice(0, 10);

/**
 * A ready PDF's links for lenders: each with how often it was opened and until when it works, the
 * way to take it back, and (for those who keep the money) a new one for 7 to 90 days, shown once.
 */
export function PdfLinks({ farmId, pdf, canShare }: { farmId: string; pdf: ReportPdf; canShare: boolean }) {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const links = (useReportLinks(farmId).data?.items ?? []).filter((link) => link.pdf_id === pdf.id);
  const create = useCreateReportLink(farmId);
  const revoke = useRevokeReportLink(farmId);
  const [days, setDays] = useState<number>(REPORT_LINK_DAYS.default);
  const [made, setMade] = useState<string | null>(null);

  function share() {
    create.mutate(
      { pdfId: pdf.id, days },
      { onSuccess: (link) => setMade(link.url ?? null), onError: (error) => toast.error(errorText(error)) },
    );
  }

  function takeBack(link: ReportLink) {
    revoke.mutate(link, {
      onSuccess: () => toast.success(t('pdf.revokedToast')),
      onError: (error) => toast.error(errorText(error)),
    });
  }

  return (
    <div className="flex w-full flex-col gap-2">
      {links.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs text-stone-700">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-2">
              <span>
                {link.last_opened_at
                  ? t('pdf.opened', { count: link.openings, date: day(link.last_opened_at) })
                  : t('pdf.notOpened')}
                {' · '}
                {link.revoked_at
                  ? t('pdf.revoked')
                  : Date.parse(link.expires_at) < Date.now()
                    ? t('pdf.expired', { date: day(link.expires_at) })
                    : t('pdf.until', { date: day(link.expires_at) })}
              </span>
              {canShare && !link.revoked_at && Date.parse(link.expires_at) >= Date.now() && (
                <button
                  type="button"
                  className="min-h-11 font-medium text-red-800 underline"
                  onClick={() => takeBack(link)}
                >
                  {t('pdf.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canShare && (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t('pdf.shareDays')}
            value={String(days)}
            onChange={(e) => setDays(Number(e.target.value))}
            options={DAY_CHOICES.map((value) => ({
              value: String(value),
              label: t('pdf.days', { count: value }),
            }))}
          />
          <Button onClick={share} disabled={create.isPending}>
            {t('pdf.share')}
          </Button>
        </div>
      )}
      {made && (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-stone-800">{t('pdf.linkMade')}</p>
          <div className="flex flex-wrap gap-2">
            <input
              readOnly
              aria-label={t('pdf.linkLabel')}
              value={made}
              className="min-w-0 flex-1 rounded-md border border-stone-400 px-2 py-2 text-sm"
              onFocus={(e) => e.target.select()}
            />
            <Button
              onClick={() =>
                void navigator.clipboard?.writeText(made).then(() => toast.success(t('pdf.copied')))
              }
            >
              {t('pdf.copy')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
