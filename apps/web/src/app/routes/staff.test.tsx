import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FarmRole } from '@gona/shared/permissions';
import { aFarm, aPage, aStaffMember, aWorkerCount, anId, FARM_ID } from '@/test/fixtures';
import { farm, installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
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

describe('a worker kept inactive after Pro ended', () => {
  const KEPT = aStaffMember({ id: anId(0x51), first_name: 'Ngozi', last_name: 'Eze', status: 'inactive' });

  function inactiveAnswer(active: number, role: FarmRole = 'owner') {
    return {
      ...signedInRoutes([aFarm({ role })]),
      [`GET ${STAFF}/summary`]: { status: 200, body: aWorkerCount({ active }) },
      [`GET ${STAFF}`]: { status: 200, body: aPage([aStaffMember(), KEPT]) },
      [`GET ${STAFF}/${KEPT.id}`]: { status: 200, body: KEPT },
    };
  }

  it('is listed as inactive, not as active', async () => {
    installFakeFetch(inactiveAnswer(10));
    renderAt('/dashboard/staff');
    const list = within(await screen.findByRole('list', { name: 'Staff' }));
    const ngozi = within(list.getByText('Ngozi Eze').closest('li')!);
    expect(ngozi.getByText('Inactive (over the Free plan)')).toBeInTheDocument();
    expect(ngozi.queryByText('Active')).toBeNull();
  });

  it('says why on their page, and leads the owner of a full farm to choose who stays active', async () => {
    installFakeFetch(inactiveAnswer(10));
    renderAt(`/dashboard/staff/edit/${KEPT.id}`);
    const status = within(await screen.findByRole('region', { name: 'Status' }));
    expect(
      status.getByText(
        'Ngozi Eze is kept on record but inactive: the Free plan counts 10 active workers. Inactive workers get no tasks, no attendance and no pay runs until they are made active.',
      ),
    ).toBeInTheDocument();
    expect(status.queryByText('Ngozi Eze has left.')).toBeNull();
    expect(status.getByText(LIMIT)).toBeInTheDocument();
    expect(status.queryByRole('button', { name: 'Make active' })).toBeNull();
    expect(status.getByRole('link', { name: 'Choose who stays active' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
    expect(status.getByRole('button', { name: 'Mark as left' })).toBeInTheDocument();
  });

  it('makes them active while the farm has room', async () => {
    const requests = installFakeFetch({
      ...inactiveAnswer(9),
      [`PATCH ${STAFF}/${KEPT.id}`]: {
        status: 200,
        body: { ...KEPT, status: 'active', version: KEPT.version + 1 },
      },
    });
    renderAt(`/dashboard/staff/edit/${KEPT.id}`);
    const status = within(await screen.findByRole('region', { name: 'Status' }));
    fireEvent.click(await status.findByRole('button', { name: 'Make active' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ status: 'active' }),
    );
  });

  it('shows a manager the reason without the way to choose (only the owner chooses)', async () => {
    installFakeFetch(inactiveAnswer(10, 'manager'));
    renderAt(`/dashboard/staff/edit/${KEPT.id}`);
    const status = within(await screen.findByRole('region', { name: 'Status' }));
    expect(status.getByText(/is kept on record but inactive/)).toBeInTheDocument();
    expect(status.queryByRole('link', { name: 'Choose who stays active' })).toBeNull();
  });
});
