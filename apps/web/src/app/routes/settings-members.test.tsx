import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeFetch, ME, signedInRoutes } from '@/test/fake-fetch';
import { aFarm, aMember, anInvitation, aPage, FARM_ID } from '@/test/fixtures';
import { renderAt } from '@/test/render';

const BASE = `/api/farms/${FARM_ID}`;
const ME_AS_MEMBER = aMember({
  user_id: ME.id,
  first_name: 'Ada',
  last_name: 'Okafor',
  email: ME.email,
  role: 'owner',
  is_you: true,
  is_farm_owner: true,
});
const EMEKA = aMember();

function routes(role: 'owner' | 'manager' | 'worker' = 'owner') {
  return {
    ...signedInRoutes([aFarm({ role })]),
    [`GET ${BASE}/members`]: { status: 200, body: aPage([ME_AS_MEMBER, EMEKA]) },
    [`GET ${BASE}/invitations`]: { status: 200, body: aPage([anInvitation()]) },
  };
}

/** The members as phones show them (the table for wider screens holds the same rows). */
const phoneList = () => screen.findByRole('list', { name: 'Members of this farm' });

describe('members screen', () => {
  it('lists the members with their roles and the invitations waiting', async () => {
    installFakeFetch(routes());
    renderAt('/dashboard/settings/members');
    expect(await screen.findByRole('heading', { name: 'Members of Green Acres' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Members of this farm' });
    const ada = within(list).getByText('Ada Okafor').closest('li')!;
    expect(within(ada).getByText('You')).toBeInTheDocument();
    expect(within(ada).getByText('Named owner')).toBeInTheDocument();
    expect(within(list).getByText('emeka@example.com')).toBeInTheDocument();
    const invitations = await screen.findByRole('list', { name: 'Invitations not yet accepted' });
    expect(within(invitations).getByText('bola@example.com')).toBeInTheDocument();
    expect(within(invitations).getByText('Works until 02/06/2025 09:00')).toBeInTheDocument();
  });

  it('invites by email with a role, and shows the field message the server gives', async () => {
    let answer = {
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: 'emeka@example.com is already a member of this farm.',
          fields: { email: 'This person is already a member of this farm' },
        },
      },
    };
    const requests = installFakeFetch({ ...routes(), [`POST ${BASE}/invitations`]: () => answer });
    renderAt('/dashboard/settings/members');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite someone' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite someone to Green Acres' });
    fireEvent.change(within(dialog).getByLabelText('Their email address'), {
      target: { value: 'not-an-email' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('Enter a valid email address, like ada@example.com'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Their email address'), {
      target: { value: 'Emeka@Example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'viewer' } });
    expect(
      within(dialog).getByText(/Sees the farm's records and money; changes nothing/),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText('This person is already a member of this farm'),
    ).toBeInTheDocument();

    answer = { status: 201, body: anInvitation({ email: 'bola@example.com', role: 'viewer' }) as never };
    fireEvent.change(within(dialog).getByLabelText('Their email address'), {
      target: { value: 'bola@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to bola@example.com.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { email: 'emeka@example.com', role: 'viewer' },
      { email: 'bola@example.com', role: 'viewer' },
    ]);
  });

  it("changes a member's role", async () => {
    const requests = installFakeFetch({
      ...routes(),
      [`PATCH ${BASE}/members/${EMEKA.user_id}`]: { status: 200, body: { ...EMEKA, role: 'manager' } },
    });
    renderAt('/dashboard/settings/members');
    fireEvent.click(within(await phoneList()).getByRole('button', { name: 'Manage Emeka Obi' }));
    const dialog = screen.getByRole('dialog', { name: 'Emeka Obi' });
    fireEvent.change(within(dialog).getByLabelText('Role on this farm'), { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Emeka Obi is now Manager.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ role: 'manager' });
  });

  it('shows the last-owner refusal in words when removing', async () => {
    installFakeFetch({
      ...routes(),
      [`DELETE ${BASE}/members/${ME.id}`]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message:
              'You are the only owner of this farm. Transfer ownership to another member, or delete the farm, before you leave.',
          },
        },
      },
    });
    renderAt('/dashboard/settings/members');
    fireEvent.click(within(await phoneList()).getByRole('button', { name: 'Manage Ada Okafor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove from farm' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove Ada Okafor?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from farm' }));
    expect(
      await screen.findByText(
        'Not changed: You are the only owner of this farm. Transfer ownership to another member, or delete the farm, before you leave.',
      ),
    ).toBeInTheDocument();
  });

  it('a manager may not manage the owner, nor offer the owner role', async () => {
    installFakeFetch(routes('manager'));
    renderAt('/dashboard/settings/members');
    const list = await phoneList();
    expect(screen.queryByRole('button', { name: 'Manage Ada Okafor' })).not.toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Manage Emeka Obi' }));
    const roles = within(screen.getByRole('dialog')).getByLabelText('Role on this farm');
    expect([...roles.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Manager',
      'Worker',
      'Viewer',
    ]);
    expect(screen.queryByRole('heading', { name: 'Hand the farm over' })).not.toBeInTheDocument();
  });

  it('sends a new link or withdraws an invitation', async () => {
    const invitation = anInvitation();
    const requests = installFakeFetch({
      ...routes(),
      [`POST ${BASE}/invitations/${invitation.id}/resend`]: { status: 200, body: invitation },
      [`POST ${BASE}/invitations/${invitation.id}/revoke`]: {
        status: 200,
        body: { ...invitation, status: 'revoked' },
      },
    });
    renderAt('/dashboard/settings/members');
    const invitations = await screen.findByRole('list', { name: 'Invitations not yet accepted' });
    fireEvent.click(
      within(invitations).getByRole('button', { name: 'Send the invitation to bola@example.com again' }),
    );
    expect(
      await screen.findByText('A new link was sent to bola@example.com. The old link no longer works.'),
    ).toBeInTheDocument();
    fireEvent.click(
      within(invitations).getByRole('button', { name: 'Withdraw the invitation to bola@example.com' }),
    );
    expect(await screen.findByText('The invitation to bola@example.com is withdrawn.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${BASE}/invitations/${invitation.id}/resend`,
      `${BASE}/invitations/${invitation.id}/revoke`,
    ]);
  });

  it('hands the farm over with the password; a wrong one is shown next to the field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION',
          message: 'Some fields need attention',
          fields: { password: 'That is not your password' },
        },
      },
    };
    const requests = installFakeFetch({ ...routes(), [`POST ${BASE}/transfer-ownership`]: () => answer });
    renderAt('/dashboard/settings/members');
    await screen.findByRole('list', { name: 'Members of this farm' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose the new owner' }));
    const dialog = screen.getByRole('dialog', { name: 'Hand Green Acres over' });
    fireEvent.change(within(dialog).getByLabelText('New owner'), { target: { value: EMEKA.user_id } });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'guess' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over the farm' }));
    expect(await within(dialog).findByText('That is not your password')).toBeInTheDocument();

    answer = { status: 200, body: aFarm({ role: 'manager', owner_id: EMEKA.user_id }) };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over the farm' }));
    expect(
      await screen.findByText('Green Acres has a new owner. You are now a manager.'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      user_id: EMEKA.user_id,
      password: 'guess',
    });
    // Now a manager: the owner's section is gone.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Hand the farm over' })).not.toBeInTheDocument(),
    );
  });

  it('a worker sees who may manage, and can leave the farm', async () => {
    const requests = installFakeFetch({
      ...signedInRoutes([
        aFarm({ role: 'worker' }),
        aFarm({ id: '01900000-0000-7000-8000-0000000000f2', name: 'Bende Ponds' }),
      ]),
      [`POST ${BASE}/leave`]: { status: 204 },
    });
    const { router } = renderAt('/dashboard/settings/members');
    expect(
      await screen.findByText(
        "Only the farm's owner or a manager can invite people or change what they may do.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave Green Acres' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave farm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/select-farm'));
    expect(requests.map((r) => r.path)).not.toContain(`${BASE}/members?limit=50`);
  });
});
