import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { aPage, aStaffMember, anId, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { WagesView } from './WagesView';

describe('WagesView', () => {
  beforeAll(() => loadNamespaces(['money']));

  it('opens on the register and keeps the pay runs view in the address', async () => {
    installFakeFetch({
      [`GET /api/farms/${FARM_ID}/attendance`]: {
        status: 200,
        body: { date: '2026-11-12', staff: [], casual: [] },
      },
      [`GET /api/farms/${FARM_ID}/pay-runs`]: { status: 200, body: { items: [] } },
    });
    const { router } = renderAt('/money?view=wages', [
      { path: '/money', element: <WagesView farmId={FARM_ID} writer /> },
    ]);
    expect(await screen.findByText('Nobody on the register this day')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attendance' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Pay runs' }));
    expect(await screen.findByText('No pay runs yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=wages&part=pay-runs');
  });

  it('says which workers are left out of the register and pay runs because they are inactive on Free', async () => {
    installFakeFetch({
      [`GET /api/farms/${FARM_ID}/attendance`]: {
        status: 200,
        body: { date: '2026-11-12', staff: [], casual: [] },
      },
      [`GET /api/farms/${FARM_ID}/pay-runs`]: { status: 200, body: { items: [] } },
      [`GET /api/farms/${FARM_ID}/staff?status=inactive&limit=200`]: {
        status: 200,
        body: aPage([
          aStaffMember({ id: anId(0x61), first_name: 'Ngozi', last_name: 'Eze', status: 'inactive' }),
          aStaffMember({ id: anId(0x62), first_name: 'Tunde', last_name: 'Bello', status: 'inactive' }),
        ]),
      },
    });
    renderAt('/money?view=wages&part=pay-runs', [
      { path: '/money', element: <WagesView farmId={FARM_ID} writer /> },
    ]);
    expect(
      await screen.findByText(
        '2 workers are inactive on the Free plan (Ngozi Eze, Tunde Bello), so they are not on the register and not in pay runs. Make them active on their staff pages, or upgrade to Pro.',
      ),
    ).toBeInTheDocument();
  });
});
