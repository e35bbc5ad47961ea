import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CarePlan } from '@gona/shared/livestock';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CarePlanDialog } from './CarePlan';

const FLOCK = { id: anId(0x8a), name: 'Broilers batch 3' };
const PLAN_URL = `/api/farms/${FARM_ID}/livestock/${FLOCK.id}/care-plan`;

const step = (
  key: string,
  title: string,
  due_date: string,
  extra: Partial<CarePlan['steps'][number]> = {},
) => ({
  key,
  kind: 'vaccination' as const,
  title,
  notes: null,
  rrule: null,
  due_date,
  past: false,
  planned: false,
  ...extra,
});

const PLAN: CarePlan = {
  programme: {
    key: 'broiler',
    name: 'Broiler vaccinations',
    species: ['chicken_broiler'],
    counts_from: 'birth',
    note: 'Days count from hatching.',
    source: { title: 'Broiler schedules', organisation: 'Poultry Farm Guide', year: null, url: null },
    customised: false,
    version: 0,
  },
  anchor_date: '2026-11-20',
  steps: [
    step('hatchery_check', 'Ask the hatchery which vaccines the chicks had', '2026-11-20', { past: true }),
    step('nd_ib_1', 'Newcastle and infectious bronchitis vaccine, 1st dose', '2026-11-27'),
    step('ibd_1', 'Gumboro (IBD) vaccine, 1st dose', '2026-12-04'),
  ],
};

describe('the care programme offered after adding a flock', () => {
  it('shows the steps on the flock’s days with the source, and plans the ones from today', async () => {
    const sent: FakeRequest[] = [];
    installFakeFetch({
      [`GET ${PLAN_URL}`]: { status: 200, body: PLAN },
      [`POST ${PLAN_URL}`]: (request) => {
        sent.push(request);
        return { status: 200, body: { created: 2, existing: 0, past: 1 } };
      },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <CarePlanDialog farmId={FARM_ID} role="owner" animal={FLOCK} offer onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Broiler vaccinations' });
    // The dialog's title is the programme's own name; its words come with the catalogue, which may load after it.
    expect(await within(dialog).findByText('Before today')).toBeTruthy();
    expect(within(dialog).getByText('04/12/2026')).toBeTruthy();
    expect(within(dialog).getByText('Source: Poultry Farm Guide, Broiler schedules')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plan 2 tasks' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ programme_key: 'broiler' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes by itself when no programme fits', async () => {
    installFakeFetch({
      [`GET ${PLAN_URL}`]: { status: 200, body: { programme: null, anchor_date: null, steps: [] } },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <CarePlanDialog farmId={FARM_ID} role="owner" animal={FLOCK} offer onClose={onClose} />,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
