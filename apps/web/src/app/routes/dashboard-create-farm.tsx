import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui';
import { CreateFarmForm } from '@/features/farms/components/CreateFarmForm';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { paths } from '@/lib/paths';

export default function DashboardCreateFarmScreen() {
  const { t } = useTranslation('farms');
  const navigate = useNavigate();
  const { addFarm } = useFarmSelection();
  return (
    <>
      <PageHeader title={t('farms.createAnotherTitle')} description={t('farms.createSubtitle')} />
      <div className="max-w-lg rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <CreateFarmForm
          onCreated={async (farm) => {
            addFarm(farm);
            await navigate(paths.dashboard);
          }}
        />
      </div>
    </>
  );
}
