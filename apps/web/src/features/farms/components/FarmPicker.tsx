import { useTranslation } from 'react-i18next';
import { Check, Tractor } from 'lucide-react';
import { Badge } from '@/components/ui';
import { useFarmSelection } from '../useFarmSelection';

type Props = { onPicked: (farmId: string) => void };

/** The farms the user belongs to, as large touch targets; picking one selects it. */
export function FarmPicker({ onPicked }: Props) {
  const { t } = useTranslation('farms');
  const { farms, selectedFarmId, selectFarm } = useFarmSelection();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {farms.map((farm) => {
        const current = farm.id === selectedFarmId;
        return (
          <li key={farm.id}>
            <button
              type="button"
              aria-label={t('farms.open', { name: farm.name })}
              onClick={() => {
                selectFarm(farm.id);
                onPicked(farm.id);
              }}
              className="flex min-h-20 w-full items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 text-left hover:border-green-700"
            >
              <Tractor aria-hidden="true" className="size-8 shrink-0 text-green-700" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-lg font-semibold wrap-anywhere text-stone-900">{farm.name}</span>
                <span className="wrap-anywhere text-stone-700">
                  {t(`farms.types.${farm.farm_type}`, { ns: 'dashboard' })} · {farm.location}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <Badge tone="green">{t(`farms.roles.${farm.role}`)}</Badge>
                {current && (
                  <span className="inline-flex items-center gap-1 text-sm text-green-800">
                    <Check aria-hidden="true" className="size-4" />
                    {t('farms.current')}
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
