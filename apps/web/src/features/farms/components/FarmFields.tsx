import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocateFixed } from 'lucide-react';
import { FARM_SIZE_UNITS, FARM_TYPES, NIGERIAN_STATES, type Farm } from '@gona/shared/farms';
import { Button, optionsOf, SelectField, TextField } from '@/components/ui';

/** A farm form's values: what the inputs hold, as strings. */
export type FarmValues = {
  name: string;
  location: string;
  farm_type: string;
  state: string;
  lga: string;
  size: string;
  size_unit: string;
  latitude: string;
  longitude: string;
  timezone: string;
};

export const EMPTY_FARM_VALUES: FarmValues = {
  name: '',
  location: '',
  farm_type: '',
  state: '',
  lga: '',
  size: '',
  size_unit: '',
  latitude: '',
  longitude: '',
  timezone: '',
};

type FieldProps = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
};

type Props = {
  field: (name: keyof FarmValues) => FieldProps;
  /** Settings show every field: the map position and the time zone as well. */
  complete?: boolean;
};

/** The fields of a farm, shared by the create form and the farm settings. */
export function FarmFields({ field, complete = false }: Props) {
  const { t } = useTranslation('farms');
  return (
    <>
      <TextField label={t('farms.fields.name')} autoComplete="off" {...field('name')} />
      <SelectField
        label={t('farms.fields.farmType')}
        placeholder={t('farms.chooseType')}
        {...field('farm_type')}
        options={optionsOf(FARM_TYPES, (type) => t(`farms.types.${type}`, { ns: 'dashboard' }))}
      />
      <SelectField
        label={t('farms.fields.state')}
        placeholder={t('farms.chooseState')}
        {...field('state')}
        options={optionsOf(NIGERIAN_STATES, (state) => state)}
      />
      <TextField label={t('farms.fields.lga')} {...field('lga')} />
      <TextField label={t('farms.fields.location')} {...field('location')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('farms.fields.size')}
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          {...field('size')}
        />
        <SelectField
          label={t('farms.fields.sizeUnit')}
          placeholder={t('farms.chooseUnit')}
          {...field('size_unit')}
          options={optionsOf(FARM_SIZE_UNITS, (unit) => t(`farms.units.${unit}`))}
        />
      </div>
      {complete && (
        <>
          <UseThisPhonesPlace
            onFound={(lat, lng) => {
              field('latitude').onChange({ target: { value: lat.toFixed(5) } });
              field('longitude').onChange({ target: { value: lng.toFixed(5) } });
            }}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label={t('farms.fields.latitude')}
              inputMode="decimal"
              autoComplete="off"
              {...field('latitude')}
            />
            <TextField
              label={t('farms.fields.longitude')}
              inputMode="decimal"
              autoComplete="off"
              {...field('longitude')}
            />
          </div>
          <TimeZoneField {...field('timezone')} />
        </>
      )}
    </>
  );
}

/** How long the phone may take to find itself before the farmer is told to type the point. */
const LOCATE_TIMEOUT_MS = 20_000;

/**
 * Fills the farm's point from the phone's own position (standing on the farm), for the weather and
 * the map; typing it stays possible. Shown only where the browser can locate.
 */
function UseThisPhonesPlace({ onFound }: { onFound: (lat: number, lng: number) => void }) {
  const { t } = useTranslation('farms');
  const [state, setState] = useState<'idle' | 'finding' | 'denied' | 'failed'>('idle');
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  function locate() {
    setState('finding');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        onFound(position.coords.latitude, position.coords.longitude);
        setState('idle');
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" loading={state === 'finding'} onClick={locate}>
        <LocateFixed aria-hidden="true" className="size-4" />
        {t('farms.locate.button')}
      </Button>
      <p className="text-sm text-stone-700">{t('farms.locate.hint')}</p>
      {(state === 'denied' || state === 'failed') && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t(`farms.locate.${state}`)}
        </p>
      )}
    </div>
  );
}

function TimeZoneField(props: FieldProps) {
  const { t } = useTranslation('farms');
  return (
    <SelectField
      label={t('farms.fields.timezone')}
      hint={t('farms.timezoneHint')}
      {...props}
      options={optionsOf(timeZones(props.value), (zone) => zone.replaceAll('_', ' '))}
    />
  );
}

/** Africa's zones first (most farms are there), then the rest; the current value is always listed. */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = all.includes(current) || current === '' ? all : [current, ...all];
  return [...zones.filter((z) => z.startsWith('Africa/')), ...zones.filter((z) => !z.startsWith('Africa/'))];
}

/** A farm as its form's strings. */
export function farmValues(farm: Farm): FarmValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    name: farm.name,
    location: farm.location,
    farm_type: farm.farm_type,
    state: text(farm.state),
    lga: text(farm.lga),
    size: text(farm.size),
    size_unit: text(farm.size_unit),
    latitude: text(farm.latitude),
    longitude: text(farm.longitude),
    timezone: farm.timezone,
  };
}

/** Form strings to the schema's input: empty optional fields are null, numbers are numbers. */
export function farmInput(values: FarmValues, complete: boolean): Record<string, unknown> {
  const number = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));
  return {
    name: values.name,
    location: values.location,
    farm_type: values.farm_type || undefined,
    state: values.state || null,
    lga: values.lga.trim() || null,
    size: number(values.size),
    size_unit: values.size_unit || (values.size === '' ? null : 'hectare'),
    ...(complete
      ? { latitude: number(values.latitude), longitude: number(values.longitude), timezone: values.timezone }
      : {}),
  };
}
