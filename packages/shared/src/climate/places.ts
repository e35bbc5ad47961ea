import type { AgroZone } from '../crops/constants';
import type { NIGERIAN_STATES } from '../farms/index';

type State = (typeof NIGERIAN_STATES)[number];

/**
 * Each state's capital, where a farm without a GPS point gets its weather from until it has one.
 * Coordinates to about 0.01° (the weather is asked per 0.1° cell).
 */
export const STATE_CAPITALS: Record<State, { town: string; lat: number; lng: number }> = {
  Abia: { town: 'Umuahia', lat: 5.53, lng: 7.49 },
  Adamawa: { town: 'Yola', lat: 9.21, lng: 12.48 },
  'Akwa Ibom': { town: 'Uyo', lat: 5.04, lng: 7.93 },
  Anambra: { town: 'Awka', lat: 6.21, lng: 7.07 },
  Bauchi: { town: 'Bauchi', lat: 10.31, lng: 9.84 },
  Bayelsa: { town: 'Yenagoa', lat: 4.93, lng: 6.27 },
  Benue: { town: 'Makurdi', lat: 7.73, lng: 8.54 },
  Borno: { town: 'Maiduguri', lat: 11.85, lng: 13.16 },
  'Cross River': { town: 'Calabar', lat: 4.96, lng: 8.33 },
  Delta: { town: 'Asaba', lat: 6.2, lng: 6.73 },
  Ebonyi: { town: 'Abakaliki', lat: 6.32, lng: 8.11 },
  Edo: { town: 'Benin City', lat: 6.34, lng: 5.63 },
  Ekiti: { town: 'Ado-Ekiti', lat: 7.62, lng: 5.22 },
  Enugu: { town: 'Enugu', lat: 6.45, lng: 7.51 },
  FCT: { town: 'Abuja', lat: 9.06, lng: 7.49 },
  Gombe: { town: 'Gombe', lat: 10.29, lng: 11.17 },
  Imo: { town: 'Owerri', lat: 5.48, lng: 7.03 },
  Jigawa: { town: 'Dutse', lat: 11.76, lng: 9.34 },
  Kaduna: { town: 'Kaduna', lat: 10.52, lng: 7.44 },
  Kano: { town: 'Kano', lat: 12.0, lng: 8.52 },
  Katsina: { town: 'Katsina', lat: 12.99, lng: 7.6 },
  Kebbi: { town: 'Birnin Kebbi', lat: 12.45, lng: 4.2 },
  Kogi: { town: 'Lokoja', lat: 7.8, lng: 6.74 },
  Kwara: { town: 'Ilorin', lat: 8.5, lng: 4.55 },
  Lagos: { town: 'Ikeja', lat: 6.6, lng: 3.35 },
  Nasarawa: { town: 'Lafia', lat: 8.49, lng: 8.52 },
  Niger: { town: 'Minna', lat: 9.61, lng: 6.56 },
  Ogun: { town: 'Abeokuta', lat: 7.16, lng: 3.35 },
  Ondo: { town: 'Akure', lat: 7.25, lng: 5.19 },
  Osun: { town: 'Osogbo', lat: 7.77, lng: 4.56 },
  Oyo: { town: 'Ibadan', lat: 7.38, lng: 3.95 },
  Plateau: { town: 'Jos', lat: 9.9, lng: 8.86 },
  Rivers: { town: 'Port Harcourt', lat: 4.82, lng: 7.03 },
  Sokoto: { town: 'Sokoto', lat: 13.06, lng: 5.24 },
  Taraba: { town: 'Jalingo', lat: 8.89, lng: 11.36 },
  Yobe: { town: 'Damaturu', lat: 11.75, lng: 11.96 },
  Zamfara: { town: 'Gusau', lat: 12.16, lng: 6.66 },
};

/** Where a farm's weather comes from: its own GPS point, else its state's capital, else nowhere. */
export type WeatherPlace =
  | { source: 'farm'; lat: number; lng: number; town: null }
  | { source: 'state'; lat: number; lng: number; town: string };

export function weatherPlace(farm: {
  lat: number | null;
  lng: number | null;
  state: string | null;
}): WeatherPlace | null {
  if (farm.lat !== null && farm.lng !== null)
    return { source: 'farm', lat: farm.lat, lng: farm.lng, town: null };
  const capital = farm.state ? STATE_CAPITALS[farm.state as State] : undefined;
  return capital ? { source: 'state', lat: capital.lat, lng: capital.lng, town: capital.town } : null;
}

/**
 * The day from which the onset of the rains is looked for, by zone (mm-dd): the rains reach the
 * coast in March and the far north in June or July, so one date for all of Nigeria would find the
 * south's onset late and the north's in a passing shower. Sivakumar's rule starts its search on a
 * fixed day; these follow the station dates of Odekunle (2004) and NiMet's seasonal predictions.
 */
export const ONSET_SEARCH_FROM: Record<AgroZone, string> = {
  rainforest: '03-01',
  derived_savanna: '03-15',
  southern_guinea_savanna: '04-01',
  northern_guinea_savanna: '04-15',
  sudan_savanna: '05-01',
  sahel: '05-15',
};
