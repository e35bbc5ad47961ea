import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { aPage, aStaffMember, aWorkerCount, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';

const GREEN = farm(FARM_ID, 'Green Acres');
const STAFF = `/api/farms/${FARM_ID}/staff`;
const LIMIT = 'The Free plan allows up to 10 workers. Upgrade to Pro to add more.';

function answer(active: number) {
  return {
    ...signedInRoutes([GREEN]),
    [`GET ${STAFF}/summary`]: { status: 200, body: aWorkerCount({ active }) },
    [`GET ${STAFF}`]: { status: 200, body: aPage([aStaffMember()]) },
  };
}

describe('staff screens and the Free plan limit', () => {
  it('shows "8 of 10 workers" and the way to add someone while there is room', async () => {
    installFakeFetch(answer(8));
    renderAt('/dashboard/staff');
    expect(await screen.findByText('8 of 10 workers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add staff' })).toHaveAttribute('href', '/dashboard/add-staff');
    expect(screen.queryByText(LIMIT)).toBeNull();
  });

  it('shows the plan’s words and the way to Pro instead of Add staff when the farm is full', async () => {
    installFakeFetch(answer(10));
    renderAt('/dashboard/staff');
    expect(await screen.findByText(LIMIT)).toBeInTheDocument();
    expect(screen.getByText('10 of 10 workers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the Pro plan' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
    expect(screen.queryByRole('link', { name: 'Add staff' })).toBeNull();
  });

  it('tells a full farm before the add form opens', async () => {
    installFakeFetch(answer(10));
    renderAt('/dashboard/add-staff');
    expect(await screen.findByText(LIMIT)).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).toBeNull();
  });

  it('opens the add form with the count while there is room', async () => {
    installFakeFetch(answer(9));
    renderAt('/dashboard/add-staff');
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.getByText('9 of 10 workers')).toBeInTheDocument();
  });
});
