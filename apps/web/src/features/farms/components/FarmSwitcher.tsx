import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EllipsisVertical, Plus, Settings2 } from 'lucide-react';
// Its own module, not the components barrel: the barrel's dialogs and lists would join the first screen's download.
import { SelectField } from '@/components/ui/Field';
import { useFarmSelection } from '../useFarmSelection';
import { paths } from '@/lib/paths';

/** Switches the selected farm; shown in the sidebar (desktop) and the top bar (phones). */
export function FarmSwitcher() {
  const { t } = useTranslation('dashboard');
  const { farms, selectedFarmId, selectFarm } = useFarmSelection();

  if (farms.length === 0) {
    return (
      <Link
        to={paths.dashboardCreateFarm}
        className="inline-flex min-h-11 items-center font-medium text-green-800 underline"
      >
        {t('farms.addFarm')}
      </Link>
    );
  }

  return (
    <div className="flex min-w-0 items-center gap-1">
      <div className="min-w-0 flex-1">
        <SelectField
          label={t('farms.switcherLabel')}
          labelHidden
          value={selectedFarmId ?? ''}
          onChange={(e) => selectFarm(e.target.value)}
          className="truncate font-medium"
          {...(selectedFarmId === null ? { placeholder: t('farms.noneSelected') } : {})}
          options={farms.map((farm) => ({ value: farm.id, label: farm.name }))}
        />
      </div>
      <FarmOptions />
    </div>
  );
}

/** Add a farm and Manage farms, one tap from the switcher; closes on a choice, Escape or a tap outside. */
function FarmOptions() {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item = 'flex min-h-11 items-center gap-2 px-3 py-2 text-stone-900 hover:bg-stone-100';
  return (
    <div ref={root} className="relative shrink-0">
      <button
        type="button"
        aria-label={t('farms.options')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-1 flex w-52 flex-col rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          <Link to={paths.dashboardCreateFarm} className={item} onClick={() => setOpen(false)}>
            <Plus aria-hidden="true" className="size-5 text-green-700" />
            {t('farms.addFarm')}
          </Link>
          <Link to={paths.settingsFarms} className={item} onClick={() => setOpen(false)}>
            <Settings2 aria-hidden="true" className="size-5 text-green-700" />
            {t('farms.manageFarms')}
          </Link>
        </div>
      )}
    </div>
  );
}
