import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/Button';
import { exportUrls } from '../keys';

/** CSV downloads of the farm's supplies and stock history (the browser saves the file). */
export function ExportLinks({ farmId }: { farmId: string }) {
  const { t } = useTranslation('inventory');
  const urls = exportUrls(farmId);
  return (
    <div className="flex flex-wrap gap-2">
      <a href={urls.supplies} download className={buttonClasses('secondary')}>
        <Download aria-hidden="true" className="size-4" />
        {t('export.supplies')}
      </a>
      <a href={urls.movements} download className={buttonClasses('secondary')}>
        <Download aria-hidden="true" className="size-4" />
        {t('export.movements')}
      </a>
    </div>
  );
}
