import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileDown } from 'lucide-react';
import type { ReportPdf, ReportQuery } from '@gona/shared/reports';
import { Button, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { dayMonthYear } from '@/lib/format';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { pdfRequest, useReportPdfs, useRequestReportPdf } from '../api';
import { PdfLinks } from './PdfLinks';

type Props = { farmId: string; query: ReportQuery; canAsk: boolean };

/**
 * The period as a PDF for a lender (Gona Pro): on Free, what the PDF holds and the way to Pro; on
 * Pro, a button that asks for it (a job makes it; the asker is told) and the farm's past PDFs.
 */
export function PdfReports({ farmId, query, canAsk }: Props) {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const pdfs = useReportPdfs(farmId);
  const request = useRequestReportPdf(farmId);
  if (pdfs.isPending) return <SkeletonRows rows={2} />;
  const allowed = pdfs.data?.pdf_allowed ?? false;

  function ask() {
    request.mutate(pdfRequest(query), {
      onSuccess: () => toast.success(t('pdf.asked')),
      onError: (error) => toast.error(errorText(error)),
    });
  }

  return (
    <section
      aria-labelledby="report-pdf"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 id="report-pdf" className="text-lg font-semibold text-stone-900">
        {t('pdf.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('pdf.pro')}</p>
      {!allowed ? (
        <p className="text-sm text-stone-800">
          {t('pdf.upgrade')}{' '}
          <Link to={paths.subscription} className="font-medium text-green-800 underline">
            {t('pdf.upgradeLink')}
          </Link>
        </p>
      ) : (
        <>
          {canAsk && (
            <div>
              <Button onClick={ask} disabled={request.isPending}>
                <FileDown className="size-4" aria-hidden="true" />
                {t('pdf.make')}
              </Button>
            </div>
          )}
          {pdfs.data && pdfs.data.items.length > 0 && (
            <ul aria-label={t('pdf.past')} className="flex flex-col divide-y divide-stone-200">
              {pdfs.data.items.map((pdf) => (
                <PdfRow key={pdf.id} farmId={farmId} pdf={pdf} canShare={canAsk} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function PdfRow({ farmId, pdf, canShare }: { farmId: string; pdf: ReportPdf; canShare: boolean }) {
  const { t } = useTranslation('reports');
  const period = t('period.shown', { from: dayMonthYear(pdf.from), to: dayMonthYear(pdf.to) });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span className="min-w-0 break-words text-stone-800">
        {pdf.scope_name} · {period}
      </span>
      {pdf.status === 'ready' && pdf.url ? (
        <>
          <a href={pdf.url} download className="font-medium text-green-800 underline">
            {t('pdf.download')}
          </a>
          <PdfLinks farmId={farmId} pdf={pdf} canShare={canShare} />
        </>
      ) : (
        <span className={pdf.status === 'failed' ? 'text-red-800' : 'text-stone-600'}>
          {t(`pdf.statuses.${pdf.status}`)}
        </span>
      )}
    </li>
  );
}
