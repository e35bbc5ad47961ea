import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Climate } from '@gona/shared/climate';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderWithProviders } from '@/test/render';
import WeatherCard from './WeatherCard';

const FARM = '0195f3c0-0000-7000-8000-0000000000c2';

function show(place: Climate['place']) {
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
    alerts: [],
  };
  installFakeFetch({ [`GET /api/farms/${FARM}/climate`]: { status: 200, body: climate } });
  renderWithProviders(<WeatherCard farmId={FARM} climatePath="/dashboard/climate" />);
}

describe('the dashboard’s weather card', () => {
  it('gives today’s weather on the farm', async () => {
    show({ source: 'farm', town: null });
    expect(await screen.findByText('Today: 22° / 30°, 6.0 mm of rain')).toBeInTheDocument();
  });

  it('names the state capital when the weather is not the farm’s own', async () => {
    show({ source: 'state', town: 'Kano' });
    expect(await screen.findByText('Today at Kano: 22° / 30°, 6.0 mm of rain')).toBeInTheDocument();
  });
});
