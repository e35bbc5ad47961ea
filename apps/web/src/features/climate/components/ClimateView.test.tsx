import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Climate } from '@gona/shared/climate';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderWithProviders } from '@/test/render';
import { ClimateView } from './ClimateView';

const FARM = '0195f3c0-0000-7000-8000-0000000000c1';

beforeAll(() => loadNamespaces(['climate']));

/** 14 past days from 1 September: 10 mm every other day; normal 3 mm a day (a week: 21 mm). */
const pastRain = Array.from({ length: 14 }, (_, i) => ({
  date: `2026-09-${String(i + 1).padStart(2, '0')}`,
  rain_mm: i % 2 === 0 ? 10 : 0,
  normal_mm: 3,
}));

const climate = (overrides: Partial<Climate> = {}): Climate => ({
  status: 'ready',
  today: '2026-09-15',
  fetched_at: '2026-09-15T06:00:00.000Z',
  last_error: null,
  current: null,
  place: { source: 'farm', town: null },
  days: [],
  past_rain: pastRain,
  planting: [],
  alerts: [],
  ...overrides,
});

function show(answer: Climate) {
  installFakeFetch({ [`GET /api/farms/${FARM}/climate`]: { status: 200, body: answer } });
  renderWithProviders(
    <ClimateView farmId={FARM} settingsPath="/settings/farm" planPath="/dashboard/crops" />,
  );
}

describe('the climate screen', () => {
  it('sets the season’s rain against the normal, in words, on the chart and in the table', async () => {
    show(climate());
    // 7 rainy days of 10 mm = 70 mm against 2 weeks of 21 mm = 42 mm: 167 %.
    expect(
      await screen.findByText('70 mm in all: 167 % of the normal 42 mm for these weeks.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '70 mm in all: 167 % of the normal 42 mm for these weeks.' }));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Normal (mm)' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Week of 01/09/202640.021.0');
    expect(screen.getByText(/NASA Langley Research Center POWER Project/)).toBeInTheDocument();
  });

  it('says the rain alone where the normal is not known, with no normal column', async () => {
    show(climate({ past_rain: pastRain.map((day) => ({ ...day, normal_mm: null })) }));
    expect(await screen.findByText('70 mm in all')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Normal (mm)' })).not.toBeInTheDocument();
    expect(screen.queryByText(/NASA/)).not.toBeInTheDocument();
  });

  it('says when the weather is the state capital’s, and leads to the farm’s settings', async () => {
    show(climate({ place: { source: 'state', town: 'Kaduna' } }));
    const note = (await screen.findByText(/This is the weather at Kaduna, your state's capital/)).closest(
      'p',
    )!;
    expect(within(note).getByRole('link', { name: "Open the farm's settings" })).toHaveAttribute(
      'href',
      '/settings/farm',
    );
  });

  it('shows the planting dates, and why one moved with the start of the rains', async () => {
    const date = {
      season: 'main' as const,
      window_from: '2026-05-15',
      window_to: '2026-06-30',
      calendar_date: null,
      onset_date: null,
      onset_confirmed: null,
    };
    show(
      climate({
        planting: [
          {
            ...date,
            crop_name: 'Maize',
            recommended_planting_date: '2026-07-05',
            calendar_date: '2026-06-07',
            onset_date: '2026-07-05',
            onset_confirmed: false,
          },
          { ...date, crop_name: 'Soybean', recommended_planting_date: '2026-06-30' },
        ],
      }),
    );
    const list = within(await screen.findByRole('list', { name: 'Planting dates' }));
    const maize = list.getByText('Maize: Plant on 05/07/2026').closest('li')!;
    expect(maize).toHaveTextContent('Main season: window 15/05/2026 to 30/06/2026');
    expect(maize).toHaveTextContent(
      "Moved from 07/06/2026: the rains look set to start on 05/07/2026 (the next days' forecast).",
    );
    const soybean = list.getByText('Soybean: Plant on 30/06/2026').closest('li')!;
    expect(soybean).not.toHaveTextContent('Moved');
  });

  const rise: Climate['alerts'][number] = {
    rule: 'market_price',
    severity: 'info',
    from: '2026-09-15',
    to: '2026-09-21',
    about_name: 'Maize',
    values: { change_percent: 18, price_kobo: 46_000, was_kobo: 39_000, in_state: 1 },
  };

  it('lists a market-price move after the weather warnings, with what to do and its source', async () => {
    const heavyRain: Climate['alerts'][number] = {
      rule: 'heavy_rain',
      severity: 'warning',
      from: '2026-09-16',
      to: '2026-09-16',
      about_name: null,
      values: { max_day_mm: 62, max_3day_mm: 70 },
    };
    const fall = {
      ...rise,
      about_name: 'Cassava',
      values: { ...rise.values, change_percent: -20, in_state: 0 },
    };
    show(climate({ alerts: [heavyRain, rise, fall] }));
    const alerts = within(await screen.findByRole('region', { name: 'Warnings' }));
    expect(alerts.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Heavy rain: up to 62 mm in a day',
      'Maize prices are up 18% this week in your state (₦460 a kg, was ₦390)',
      'Cassava prices are down 20% this week across Nigeria (₦460 a kg, was ₦390)',
    ]);
    const maize = alerts.getByText(/Maize prices are up/).closest('li')!;
    expect(maize).toHaveTextContent('Good to know');
    expect(maize).toHaveTextContent('A good time to sell what you have in store.');
    expect(maize).toHaveTextContent("Source: Gona's own marketplace listings");
    const cassava = alerts.getByText(/Cassava prices are down/).closest('li')!;
    expect(cassava).toHaveTextContent('If your produce keeps well');
  });

  it('shows market-price moves where there is no weather', async () => {
    show(climate({ status: 'not_configured', past_rain: [], alerts: [rise] }));
    expect(
      await screen.findByText('Weather is not set up on this server yet.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Maize prices are up 18% this week/ })).toBeInTheDocument();
  });

  it('leads to planning a season when there are no planting dates', async () => {
    show(climate());
    expect(
      await screen.findByRole('link', { name: /No planting dates yet\. Plan a season on the Crops screen/ }),
    ).toHaveAttribute('href', '/dashboard/crops');
  });
});
