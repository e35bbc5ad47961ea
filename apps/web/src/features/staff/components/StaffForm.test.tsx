import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { StaffMember } from '@gona/shared/staff';
import { installFakeFetch } from '@/test/fake-fetch';
import { aStaffMember, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { StaffForm, type StaffAccountChoice } from './StaffForm';

const STAFF = `/api/farms/${FARM_ID}/staff`;
const LIMIT = 'The Free plan allows up to 10 workers. Upgrade to Pro to add more.';

/** The form on its own screen, as the add and edit routes show it, with the staff list to go back to. */
function renderForm(
  props: { member?: StaffMember; showPay?: boolean; accounts?: StaffAccountChoice[] } = {},
) {
  const onDone = vi.fn();
  const view = renderAt('/form', [
    { path: '/staff', element: <h1>Staff list</h1> },
    {
      path: '/form',
      element: <StaffForm farmId={FARM_ID} showPay listPath="/staff" onDone={onDone} {...props} />,
    },
  ]);
  return { ...view, onDone };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillMusa() {
  fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Musa' } });
  fill('Last name', 'Ibrahim');
  fill('Phone number', '0803 123 4567');
  fill('Job', 'herdsman');
  fill('Employment', 'permanent');
}

describe('StaffForm', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('links the person to the farm member they sign in as', async () => {
    const halima = {
      user_id: '01900000-0000-7000-8000-0000000000b1',
      name: 'Halima Bello',
      email: 'halima@example.com',
    };
    const member = aStaffMember();
    const requests = installFakeFetch({
      [`PATCH ${STAFF}/${member.id}`]: { status: 200, body: { ...member, member_user_id: halima.user_id } },
    });
    const { onDone } = renderForm({ member, accounts: [halima] });
    const account = await screen.findByLabelText('Signs in to Gona as');
    expect(
      within(account).getByRole('option', { name: 'Halima Bello (halima@example.com)' }),
    ).toBeInTheDocument();
    fireEvent.change(account, { target: { value: halima.user_id } });
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      member_user_id: halima.user_id,
    });
  });

  it('leaves the link alone when the members are not known (offline, or a role that may not see them)', async () => {
    renderForm({ member: aStaffMember() });
    await screen.findByLabelText('First name');
    expect(screen.queryByLabelText('Signs in to Gona as')).toBeNull();
  });

  it('adds someone with the phone in the international form and the pay in kobo, under an id made once', async () => {
    const requests = installFakeFetch({
      [`POST ${STAFF}`]: { status: 201, body: aStaffMember() },
    });
    const { onDone } = renderForm();
    await fillMusa();
    fill('Pay (₦)', '3,500');
    fill('Paid', 'week');
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      first_name: 'Musa',
      last_name: 'Ibrahim',
      phone: '+2348031234567',
      job: 'herdsman',
      employment_type: 'permanent',
      status: 'active',
      pay_rate_kobo: 350_000,
      pay_period: 'week',
    });
    expect((posts[0]?.body as { id: string }).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('says what to fix beside each field and sends nothing', async () => {
    const requests = installFakeFetch({});
    const { onDone } = renderForm();
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '0603 123 4567' } });
    fill('Pay (₦)', '5000');
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }));

    expect(await screen.findByText('Enter the first name')).toBeInTheDocument();
    expect(screen.getByText('Enter the last name')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a Nigerian mobile number, like 0803 123 4567 or +234 803 123 4567'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose the job they do')).toBeInTheDocument();
    expect(screen.getByText('Choose per day, per week or per month')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows a full plan’s words and the way to Pro when the server refuses, keeping what was typed', async () => {
    installFakeFetch({
      [`POST ${STAFF}`]: { status: 402, body: { error: { code: 'PLAN_LIMIT', message: LIMIT } } },
    });
    const { onDone } = renderForm();
    await fillMusa();
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }));

    expect(await screen.findByText(LIMIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the Pro plan' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Musa');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks before leaving with unsaved changes, and leaves at once when nothing was typed', async () => {
    installFakeFetch({});
    const { router } = renderForm();
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Musa' } });
    fireEvent.click(screen.getByRole('link', { name: 'Back to staff' }));

    const ask = within(await screen.findByRole('alertdialog', { name: 'Discard your changes?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByLabelText('First name')).toHaveValue('Musa');

    fireEvent.click(screen.getByRole('link', { name: 'Back to staff' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Staff list' })).toBeInTheDocument();

    await router.navigate('/form');
    fireEvent.click(await screen.findByRole('link', { name: 'Back to staff' }));
    expect(await screen.findByRole('heading', { name: 'Staff list' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('edits a record as people read it (0803 …, naira) and sends the changes with the version it opened', async () => {
    const member = aStaffMember({ version: 4, notes: null });
    const requests = installFakeFetch({
      [`PATCH ${STAFF}/${member.id}`]: { status: 200, body: { ...member, version: 5 } },
    });
    const { onDone } = renderForm({ member });
    expect(await screen.findByLabelText('Phone number')).toHaveValue('0803 123 4567');
    expect(screen.getByLabelText('Pay (₦)')).toHaveValue('3500');
    fill('Notes', 'Night shift');
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      notes: 'Night shift',
      phone: '+2348031234567',
      pay_rate_kobo: 350_000,
      version: 4,
    });
    expect(patch?.body).not.toHaveProperty('status');
  });

  it('leaves pay out for a role that may not see money', async () => {
    const requests = installFakeFetch({ [`POST ${STAFF}`]: { status: 201, body: aStaffMember() } });
    const { onDone } = renderForm({ showPay: false });
    await fillMusa();
    expect(screen.queryByLabelText('Pay (₦)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const body = requests.find((r) => r.method === 'POST')?.body;
    expect(body).not.toHaveProperty('pay_rate_kobo');
    expect(body).not.toHaveProperty('pay_period');
  });

  it('keeps an add made offline on the phone and moves on', async () => {
    const requests = installFakeFetch({});
    onlineManager.setOnline(false);
    const { onDone, queryClient } = renderForm();
    await fillMusa();
    fireEvent.click(screen.getByRole('button', { name: 'Save staff member' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    const queued = queryClient.getMutationCache().getAll();
    expect(queued.map((m) => [m.options.mutationKey, m.state.isPaused])).toEqual([
      [['staff', 'create-staff'], true],
    ]);
  });
});
