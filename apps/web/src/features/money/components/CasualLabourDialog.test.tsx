import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { CasualLabour } from '@gona/shared/finance';
import { AppToaster } from '@/app/toaster';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { anId, aPage, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CasualLabourDialog } from './CasualLabourDialog';

const BASE = `/api/farms/${FARM_ID}`;
const MAIZE = anId(0xc9);

const enterpriseRoutes = {
  [`GET ${BASE}/crops`]: {
    status: 200,
    body: aPage([{ id: MAIZE, crop_name: 'Maize', planting_date: '2026-06-01', status: 'growing' }]),
  },
  [`GET ${BASE}/livestock`]: { status: 200, body: aPage([]) },
};

function saved(request: FakeRequest): { status: number; body: CasualLabour } {
  const body = request.body as CasualLabour;
  return {
    status: 201,
    body: {
      ...body,
      amount_kobo: body.headcount * body.rate_kobo,
      description: body.description ?? null,
      crop_id: body.crop_id ?? null,
      animal_id: body.animal_id ?? null,
      enterprise_name: 'Maize',
      pay_run_id: null,
      created_at: '2026-11-12T08:00:00.000Z',
    },
  };
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <CasualLabourDialog farmId={FARM_ID} date="2026-11-12" onClose={onClose} />
      <AppToaster />
    </>,
  );
  return onClose;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CasualLabourDialog', () => {
  beforeAll(() => loadNamespaces(['money']));
  afterEach(() => onlineManager.setOnline(true));

  it('records people × rate for the day of the register, in kobo, with the work and the planting', async () => {
    const requests = installFakeFetch({ ...enterpriseRoutes, [`POST ${BASE}/casual-labour`]: saved });
    const onClose = renderDialog();
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-12');
    fill('How many people', '8');
    fill('Pay per person (₦)', '2,500');
    expect(screen.getByTestId('casual-amount')).toHaveTextContent('8 people × ₦2,500 = ₦20,000');
    fill('Work done', 'Weeding the maize');
    await screen.findByRole('option', { name: 'Maize · 01/06/2026' });
    fill('Which crop or animals?', `crop:${MAIZE}`);
    fireEvent.click(screen.getByRole('button', { name: 'Save casual labour' }));

    expect(await screen.findByText('Casual labour of ₦20,000 saved')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({
      date: '2026-11-12',
      headcount: 8,
      rate_kobo: 250_000,
      description: 'Weeding the maize',
      crop_id: MAIZE,
      animal_id: null,
    });
    expect((post?.body as { id: string }).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('says how to fix the numbers beside them, and that it needs a connection when offline', async () => {
    const requests = installFakeFetch({ ...enterpriseRoutes, [`POST ${BASE}/casual-labour`]: saved });
    const onClose = renderDialog();
    fill('How many people', '2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save casual labour' }));
    expect(await screen.findByText('Enter a whole number of people')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount in naira, like 1250 or 1250.50')).toBeInTheDocument();

    fill('How many people', '3');
    fill('Pay per person (₦)', '2000');
    onlineManager.setOnline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save casual labour' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This needs a connection. Nothing was changed',
    );
    expect(screen.getByLabelText('How many people')).toHaveValue('3');
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0));
    expect(onClose).not.toHaveBeenCalled();
  });
});
