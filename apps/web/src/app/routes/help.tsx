import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui';
import { HelpCentre } from '@/features/help/components/HelpCentre';

/** /dashboard/help: the help centre's search and articles inside the dashboard. */
export default function HelpScreen() {
  const { t } = useTranslation('screens');
  return (
    <>
      <PageHeader title={t('help.title')} description={t('help.description')} />
      <HelpCentre />
    </>
  );
}
