import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { FARM_ID } from '@/test/fixtures';
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
});
