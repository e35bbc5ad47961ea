import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Climate } from '@gona/shared/climate';
import { CropSchema, type Crop } from '@gona/shared/crops';
import { anAskResult } from '@/features/assistant/test-fixtures';
import { aFarm, anAnimalWithPhotos, anId, aSupplyWithPhotos } from '@/test/fixtures';
import { installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';

const farm = aFarm({ role: 'owner' });
const FARM_API = `/api/farms/${farm.id}`;
const ANIMAL_ID = anId(0xb1);
const SUPPLY_ID = anId(0xb2);
const CROP_ID = anId(0xb3);

function routes(extra: Parameters<typeof installFakeFetch>[0] = {}) {
  return installFakeFetch({
    ...signedInRoutes([farm]),
    [`GET ${FARM_API}`]: { status: 200, body: farm },
    ...extra,
  });
}

describe('the ways into the assistant', () => {
  it('the dashboard has an Ask Gona card and Ask Gona in the top bar', async () => {
    routes();
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Ask Gona' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /^Ask Gona/ });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/dashboard/assistant');
  });

  it('a supply, an animal and a crop each offer "Ask about this"', async () => {
    routes({
      [`GET ${FARM_API}/supplies/${SUPPLY_ID}`]: {
        status: 200,
        body: aSupplyWithPhotos({ id: SUPPLY_ID, name: 'NPK 15:15:15' }),
      },
      [`GET ${FARM_API}/livestock/${ANIMAL_ID}`]: {
        status: 200,
        body: anAnimalWithPhotos({ id: ANIMAL_ID }),
      },
      [`GET ${FARM_API}/crops/${CROP_ID}`]: { status: 200, body: aCrop() },
    });
    const { router } = renderAt(`/dashboard/inventory/${SUPPLY_ID}`);
    expect(await screen.findByRole('link', { name: 'Ask Gona about this supply' })).toHaveAttribute(
      'href',
      `/dashboard/assistant?about=supply:${SUPPLY_ID}`,
    );
    await router.navigate(`/dashboard/livestock/${ANIMAL_ID}`);
    expect(await screen.findByRole('link', { name: 'Ask Gona about this' })).toHaveAttribute(
      'href',
      `/dashboard/assistant?about=animal:${ANIMAL_ID}`,
    );
    await router.navigate(`/dashboard/crops/${CROP_ID}`);
    expect(await screen.findByRole('link', { name: 'Ask Gona about this crop' })).toHaveAttribute(
      'href',
      `/dashboard/assistant?about=crop:${CROP_ID}`,
    );
  });

  it("a weather warning asks about its crop, with the warning's words as the question", async () => {
    const climate: Climate = {
      status: 'ready',
      today: '2026-06-10',
      fetched_at: '2026-06-10T06:00:00.000Z',
      last_error: null,
      current: null,
      place: { source: 'farm', town: null },
      days: [],
      past_rain: [],
      planting: [],
      alerts: [
        {
          rule: 'fall_armyworm',
          severity: 'warning',
          from: '2026-06-11',
          to: '2026-06-14',
          about: CROP_ID,
          values: {},
          about_name: 'Maize',
        },
      ],
    };
    routes({ [`GET ${FARM_API}/climate`]: { status: 200, body: climate } });
    renderAt('/dashboard/climate');
    const link = await screen.findByRole('link', { name: 'Ask Gona about this' });
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/dashboard/assistant');
    expect(url.searchParams.get('about')).toBe(`crop:${CROP_ID}`);
    expect(url.searchParams.get('q')).toBe('Fall armyworm weather on young maize: what should I do?');
  });

  it('the assistant names what the question is about, and sends it with the question', async () => {
    const requests = routes({
      [`GET ${FARM_API}/livestock/${ANIMAL_ID}`]: {
        status: 200,
        body: anAnimalWithPhotos({ id: ANIMAL_ID }),
      },
      [`POST ${FARM_API}/assistant/ask`]: { status: 200, body: anAskResult() },
    });
    renderAt(`/dashboard/assistant?about=animal:${ANIMAL_ID}&q=Why%20are%20they%20laying%20less%3F`);
    expect(await screen.findByRole('heading', { name: 'Ask Gona', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('About: Layers House A')).toBeInTheDocument();
    // On its own screen the top bar does not offer the way to it.
    expect(screen.queryByRole('link', { name: 'Ask Gona' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === `${FARM_API}/assistant/ask`)?.body).toEqual({
        question: 'Why are they laying less?',
        about: { kind: 'animal', id: ANIMAL_ID },
      }),
    );
  });
});

function aCrop(): Crop {
  return CropSchema.parse({
    id: CROP_ID,
    farm_id: farm.id,
    crop_key: 'maize',
    crop_name: 'Maize',
    variety_key: null,
    variety_name: null,
    field: { id: anId(0xb4), name: 'Plot A' },
    area_planted: '1.5',
    season: 'main',
    planting_date: '2026-06-20',
    expected_harvest: '2026-10-01',
    status: 'planned',
    current_stage: null,
    seed_supply_id: null,
    seed_quantity: null,
    notes: null,
    created_at: '2026-05-01T08:00:00.000Z',
    updated_at: '2026-05-01T08:00:00.000Z',
    version: 1,
  });
}
