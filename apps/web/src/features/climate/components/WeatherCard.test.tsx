import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Climate } from '@gona/shared/climate';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderWithProviders } from '@/test/render';
import WeatherCard from './WeatherCard';

const FARM = '0195f3c0-0000-7000-8000-0000000000c2';

function show(place: Climate['place'], alerts: Climate['alerts'] = []) {
  const climate: Climate = {
    status: 'ready',
    today: '2026-09-15',
    fetched_at: '2026-09-15T06:00:00.000Z',
    last_error: null,
    current: null,
    place,
    days: [
      {
        date: '2026-09-15',
        weather_code: 61,
        tmax_c: 30.4,
        tmin_c: 21.6,
        rain_mm: 6,
        rain_chance_percent: 60,
      },
    ],
    past_rain: [],
    planting: [],
    alerts,
  };
  installFakeFetch({ [`GET /api/farms/${FARM}/climate`]: { status: 200, body: climate } });
  renderWithProviders(<WeatherCard farmId={FARM} climatePath="/dashboard/climate" />);
}

const rise: Climate['alerts'][number] = {
  rule: 'market_price',
  severity: 'info',
  from: '2026-09-15',
  to: '2026-09-21',
  about_name: 'Maize',
  values: { change_percent: 18, price_kobo: 46_000, was_kobo: 39_000, in_state: 1 },
};

describe('the dashboard’s weather card', () => {
  it('gives today’s weather on the farm', async () => {
    show({ source: 'farm', town: null });
    expect(await screen.findByText('Today: 22° / 30°, 6.0 mm of rain')).toBeInTheDocument();
  });

  it('names the state capital when the weather is not the farm’s own', async () => {
    show({ source: 'state', town: 'Kano' });
    expect(await screen.findByText('Today at Kano: 22° / 30°, 6.0 mm of rain')).toBeInTheDocument();
  });

  it('shows a market-price move when there is no weather warning', async () => {
    show({ source: 'farm', town: null }, [rise]);
    expect(await screen.findByText('Maize prices are up 18% this week')).toBeInTheDocument();
  });

  it('puts a weather warning before a market-price move', async () => {
    const heat: Climate['alerts'][number] = {
      rule: 'poultry_heat',
      severity: 'warning',
      from: '2026-09-16',
      to: '2026-09-17',
      about_name: null,
      values: { tmax_c: 33 },
    };
    show({ source: 'farm', town: null }, [heat, rise]);
    expect(await screen.findByText('Heat for your birds: 16/09/2026 to 17/09/2026')).toBeInTheDocument();
    expect(screen.queryByText(/Maize prices/)).not.toBeInTheDocument();
  });
});
