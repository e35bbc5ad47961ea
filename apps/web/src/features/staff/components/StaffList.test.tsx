import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FarmRole } from '@gona/shared/permissions';
import { installFakeFetch } from '@/test/fake-fetch';
import { aPage, aStaffMember, anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { StaffList } from './StaffList';

const LIST = `GET /api/farms/${FARM_ID}/staff`;

const MUSA = aStaffMember({ id: anId(1), first_name: 'Musa', last_name: 'Ibrahim' });
const AISHA = aStaffMember({
  id: anId(2),
  first_name: 'Aisha',
  last_name: 'Abubakar-Oyelaran-Nwachukwu',
  phone: null,
  job: 'poultry_attendant',
  employment_type: 'casual',
  status: 'left',
  end_date: '2025-04-30',
  pay_rate_kobo: 250_000,
  pay_period: 'day',
});

function renderList(role: FarmRole) {
  renderWithProviders(
    <StaffList farmId={FARM_ID} role={role} editPath={(id) => `/dashboard/staff/edit/${id}`} />,
  );
}

describe('StaffList', () => {
  it('shows each person with their job, a number to tap and call, whether they left, and pay to the owner', async () => {
    installFakeFetch({ [LIST]: { status: 200, body: aPage([MUSA, AISHA]) } });
    renderList('owner');
    const cards = within(await screen.findByRole('list', { name: 'Staff' }));
    const musa = within(cards.getByText('Musa Ibrahim').closest('li')!);
    expect(musa.getByRole('link', { name: 'Musa Ibrahim' })).toHaveAttribute(
      'href',
      `/dashboard/staff/edit/${MUSA.id}`,
    );
    expect(musa.getByText('Herdsman · Permanent')).toBeInTheDocument();
    expect(musa.getByRole('link', { name: 'Call Musa Ibrahim on 0803 123 4567' })).toHaveAttribute(
      'href',
      'tel:+2348031234567',
    );
    expect(musa.getByText('₦3,500 a week')).toBeInTheDocument();
    expect(musa.getByText('Since 06/01/2025')).toBeInTheDocument();

    const aisha = within(cards.getByText('Aisha Abubakar-Oyelaran-Nwachukwu').closest('li')!);
    expect(aisha.getByText('Left')).toBeInTheDocument();
    expect(aisha.getByText('Left 30/04/2025')).toBeInTheDocument();
    expect(aisha.getByText('No phone')).toBeInTheDocument();
    expect(aisha.getByText('₦2,500 a day')).toBeInTheDocument();
  });

  it('shows a worker names and jobs, their own number only, no pay and nothing to edit', async () => {
    // As the server answers a worker: a colleague without pay, phone or next of kin; their own with theirs.
    const {
      pay_rate_kobo: _rate,
      pay_period: _period,
      phone: _phone,
      next_of_kin_name: _kin,
      next_of_kin_phone: _kinPhone,
      ...colleague
    } = MUSA;
    const {
      pay_rate_kobo: _r,
      pay_period: _p,
      ...own
    } = aStaffMember({
      id: anId(3),
      first_name: 'Wale',
      last_name: 'Okafor',
      phone: '+2348074445555',
    });
    installFakeFetch({ [LIST]: { status: 200, body: aPage([colleague, own]) } });
    renderList('worker');
    const cards = within(await screen.findByRole('list', { name: 'Staff' }));
    const musa = within(cards.getByText('Musa Ibrahim').closest('li')!);
    expect(musa.getByText('Herdsman · Permanent')).toBeInTheDocument();
    expect(musa.queryByRole('link')).toBeNull();
    expect(musa.queryByText('No phone')).toBeNull();
    expect(cards.getByRole('link', { name: 'Call Wale Okafor on 0807 444 5555' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Phone' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Pay' })).toBeNull();
    expect(screen.queryByText(/a week/)).toBeNull();
    expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'Name');
  });

  it('asks the server for the job and status chosen, and offers to clear filters that match no one', async () => {
    const requests = installFakeFetch({
      [LIST]: ({ path }) =>
        path.includes('job=security')
          ? { status: 200, body: aPage([]) }
          : { status: 200, body: aPage([MUSA]) },
    });
    renderList('manager');
    await screen.findByRole('list', { name: 'Staff' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'left' } });
    fireEvent.change(screen.getByLabelText('Job'), { target: { value: 'security' } });
    expect(await screen.findByRole('heading', { name: 'No one matches' })).toBeInTheDocument();
    expect(requests.at(-1)?.path).toBe(`/api/farms/${FARM_ID}/staff?limit=25&job=security&status=left`);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByText('Musa Ibrahim').length).toBeGreaterThan(0));
    expect(requests.at(-1)?.path).toBe(`/api/farms/${FARM_ID}/staff?limit=25`);
  });

  it('says what the list is for when the farm has no staff yet', async () => {
    installFakeFetch({ [LIST]: { status: 200, body: aPage([]) } });
    renderList('viewer');
    expect(await screen.findByRole('heading', { name: 'No staff yet' })).toBeInTheDocument();
    expect(
      screen.getByText('The owner or a manager adds the people who work on this farm.'),
    ).toBeInTheDocument();
  });
});
