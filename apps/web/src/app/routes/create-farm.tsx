import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/Logo';
import { CreateFarmForm } from '@/features/farms/components/CreateFarmForm';
import { useFarmSelection } from '@/features/farms/useFarmSelection';
import { PendingInvitations } from '@/features/members/components/PendingInvitations';
import { paths } from '@/lib/paths';

/**
 * First-farm onboarding, where the confirmation mail lands. Someone invited to a farm sees the
 * invitation first and joins it in one tap, without creating a farm of their own.
 */
export default function CreateFarmScreen() {
  const { t } = useTranslation('farms');
  const navigate = useNavigate();
  const { addFarm } = useFarmSelection();
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="border-b border-stone-200 bg-white px-4 py-3">
        <Logo className="h-8 w-auto" />
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 py-8">
        <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-stone-900">{t('farms.createTitle')}</h1>
          <p className="mt-1 text-stone-700">{t('farms.createSubtitle')}</p>
          <div className="mt-6 flex flex-col gap-6">
            <PendingInvitations
              onJoined={async (farm) => {
                addFarm(farm);
                await navigate(paths.dashboard, { replace: true });
              }}
            />
            <CreateFarmForm
              onCreated={async (farm) => {
                addFarm(farm);
                await navigate(paths.dashboard, { replace: true });
              }}
            />
          </div>
        </div>
      </main>
    </div>
  );
}
