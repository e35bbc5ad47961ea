import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  AnimalGrowthTargetSchema,
  GrowthLogSchema,
  type AnimalGrowthTarget,
  type GrowthLog,
} from '@gona/shared/livestock';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { aPage, anAnimalWithPhotos, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AnimalDetail } from './AnimalDetail';

const FLOCK = anAnimalWithPhotos({
  id: anId(0xb1),
  species: 'chicken_broiler',
  breed: 'Arbor Acres',
  name: 'Broilers batch 7',
  purpose: 'meat',
  acquired_on: '2025-05-01',
  age_at_acquisition: 0,
  age_unit: 'days',
});
const BASE = `/api/farms/${FARM_ID}/livestock/${FLOCK.id}`;

const TARGET: AnimalGrowthTarget = AnimalGrowthTargetSchema.parse({
  anchor_date: '2025-05-01',
  growth_target: {
    species: 'chicken_broiler',
    note: 'Days count from hatching. Weigh 10 or more birds and use their average.',
    source: {
      title: 'General extension practice in Nigeria',
      organisation: 'Gona knowledge base',
      year: null,
      url: null,
    },
    points: [
      { age_days: 0, low_kg: 0.035, high_kg: 0.045 },
      { age_days: 28, low_kg: 1.1, high_kg: 1.5 },
      { age_days: 35, low_kg: 1.6, high_kg: 2.0 },
      { age_days: 42, low_kg: 2.0, high_kg: 2.5 },
    ],
  },
});

const weighing = (n: number, date: string, weight_kg: string): GrowthLog =>
  GrowthLogSchema.parse({
    id: anId(0xc0 + n),
    farm_id: FARM_ID,
    animal_id: FLOCK.id,
    date,
    weight_kg,
    count_weighed: 20,
    body_condition_score: null,
    notes: null,
    user_id: null,
    created_at: `${date}T08:00:00.000Z`,
  });

/** Newest first, as the API answers: hatched at 0.042 kg, 1.415 kg at 35 days, 1.8 kg at 42. */
const WEIGHINGS = [
  weighing(3, '2025-06-12', '1.8'),
  weighing(2, '2025-06-05', '1.415'),
  weighing(1, '2025-05-01', '0.042'),
];

function renderFlock(target: AnimalGrowthTarget) {
  installFakeFetch({
    [`GET ${BASE}`]: { status: 200, body: FLOCK },
    [`GET ${BASE}/growth-logs`]: { status: 200, body: aPage(WEIGHINGS) },
    [`GET ${BASE}/growth-target`]: { status: 200, body: target },
    [`GET ${BASE}/production`]: { status: 200, body: aPage([]) },
    [`GET ${BASE}/timeline`]: { status: 200, body: aPage([]) },
    [`GET ${BASE}/care-plan`]: { status: 200, body: { programme: null, anchor_date: null, steps: [] } },
  });
  return renderWithProviders(
    <AnimalDetail farmId={FARM_ID} role="viewer" animalId={FLOCK.id} listPath="/dashboard/livestock" />,
  );
}

const weightChart = async () =>
  (await screen.findByText('Weight', { selector: 'figcaption' })).closest('figure') as HTMLElement;

// Loaded with the livestock screens in the app.
beforeAll(() => loadNamespaces(['livestock']));

describe('the weight chart against the target curve', () => {
  it('draws the target behind the weighings and says the daily gain and how the flock stands', async () => {
    const { container } = renderFlock(TARGET);
    expect(await screen.findByText('Gaining 42 g a day (last weighing: 55 g a day)')).toBeInTheDocument();
    expect(
      screen.getByText('At 42 days the target is 2.0–2.5 kg: this group weighs 1.8 kg on average, behind.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Target from: General extension practice in Nigeria')).toBeInTheDocument();
    expect(container.querySelectorAll('svg polygon')).toHaveLength(1);

    const chart = await weightChart();
    fireEvent.click(within(chart).getByText('Show the numbers'));
    const rows = within(chart)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Date', 'Weight', 'Target'],
      ['01/05/2025', '0.042 kg', '0.035–0.045 kg'],
      ['05/06/2025', '1.415 kg', '1.6–2.0 kg'],
      ['12/06/2025', '1.8 kg', '2.0–2.5 kg'],
    ]);
    expect(within(chart).getByText(/Weigh 10 or more birds/)).toBeInTheDocument();
  });

  it('reads a weighing between two points on the line between them, and ahead of the range', async () => {
    const target = AnimalGrowthTargetSchema.parse({ ...TARGET, anchor_date: '2025-05-05' });
    renderFlock(target);
    expect(
      await screen.findByText(
        'At 38 days the target is 1.8–2.2 kg: this group weighs 1.8 kg on average, on target.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the daily gain without a band when the flock’s hatching day is not known', async () => {
    const { container } = renderFlock({ anchor_date: null, growth_target: null });
    expect(await screen.findByText('Gaining 42 g a day (last weighing: 55 g a day)')).toBeInTheDocument();
    expect(screen.queryByText(/the target is/)).toBeNull();
    expect(screen.queryByText(/Target from/)).toBeNull();
    expect(container.querySelector('svg polygon')).toBeNull();
    const chart = await weightChart();
    fireEvent.click(within(chart).getByText('Show the numbers'));
    expect(within(chart).queryByRole('columnheader', { name: 'Target' })).toBeNull();
  });
});
