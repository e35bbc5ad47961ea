import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFarmSelection } from '../useFarmSelection';

/** Switches the selected farm; shown in the sidebar (desktop) and the top bar (phones). */
export function FarmSwitcher() {
  const { t } = useTranslation('dashboard');
  const { farms, selectedFarmId, selectFarm } = useFarmSelection();

  if (farms.length === 0) {
    return (
      <Link to="/dashboard/create-farm" className="inline-flex min-h-11 items-center font-medium text-green-800 underline">
        {t('farms.addFarm')}
      </Link>
    );
  }

  return (
    <label className="flex min-w-0 flex-col">
      <span className="sr-only">{t('farms.switcherLabel')}</span>
      <select
        value={selectedFarmId ?? ''}
        onChange={(e) => selectFarm(e.target.value)}
        className="min-h-11 w-full truncate rounded-lg border border-stone-300 bg-white px-2 py-1 text-base font-medium text-stone-900"
      >
        {selectedFarmId === null && <option value="">{t('farms.noneSelected')}</option>}
        {farms.map((farm) => (
          <option key={farm.id} value={farm.id}>
            {farm.name}
          </option>
        ))}
      </select>
    </label>
  );
}
