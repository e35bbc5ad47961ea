import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeFetch, ME, signedInRoutes } from '@/test/fake-fetch';
import { aFarm, anId, aSession } from '@/test/fixtures';
import { renderAt } from '@/test/render';

const LAPTOP = aSession({
  id: anId(0x302),
  browser: 'Firefox',
  os: 'Windows',
  device: 'computer',
  current: false,
});

function routes(extra: Record<string, unknown> = {}) {
  return {
    ...signedInRoutes([aFarm({ name: 'Green Acres', role: 'owner' })]),
    'GET /api/account/sessions': { status: 200, body: { items: [aSession(), LAPTOP] } },
    ...extra,
  } as Parameters<typeof installFakeFetch>[0];
}

describe('account screen', () => {
  it('asks for a new email and says where the confirmation link went', async () => {
    const requests = installFakeFetch(
      routes({ 'POST /api/auth/change-email': { status: 200, body: { status: true } } }),
    );
    renderAt('/dashboard/settings/account');
    expect(await screen.findByText(`Your email is ${ME.email}.`)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('New email address'), {
      target: { value: ' Ada.New@Example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText(
        'We sent a link to ada.new@example.com. Open it to start using that address. Until then, sign in with your current email.',
      ),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/auth/change-email')?.body).toEqual({
      new_email: 'ada.new@example.com',
    });
  });

  it('says the change is done when the confirmation link brings the person back', async () => {
    installFakeFetch(routes());
    renderAt('/dashboard/settings/account?email=changed');
    expect(await screen.findByText(`Your email is now ${ME.email}.`)).toBeInTheDocument();
  });

  it('says an expired confirmation link has expired', async () => {
    installFakeFetch(routes());
    renderAt('/dashboard/settings/account?email=changed&error=TOKEN_EXPIRED');
    expect(
      await screen.findByText('That confirmation link has expired. Ask for a new one below.'),
    ).toBeInTheDocument();
  });

  it('lists the signed-in devices with this one marked, signs one out, and all the others', async () => {
    const requests = installFakeFetch(
      routes({
        [`DELETE /api/account/sessions/${LAPTOP.id}`]: { status: 204 },
        'POST /api/auth/revoke-other-sessions': { status: 200, body: { status: true } },
      }),
    );
    renderAt('/dashboard/settings/account');
    const list = await screen.findByRole('list', { name: 'Your signed-in devices' });
    const phone = within(list).getByText('Chrome on Android').closest('li')!;
    expect(within(phone).getByText('This device')).toBeInTheDocument();
    expect(within(phone).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Sign out Firefox on Windows' }));
    expect(await screen.findByText('That device is signed out.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are signed out everywhere except this device.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /api/account/sessions/${LAPTOP.id}`,
      'POST /api/auth/revoke-other-sessions',
    ]);
  });

  it('offers the data download as a file', async () => {
    installFakeFetch(routes());
    renderAt('/dashboard/settings/account');
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/account/export');
    expect(link).toHaveAttribute('download');
  });

  it('deletes the account only after the email is typed; a farm still owned is refused in words', async () => {
    let answer: { status: number; body?: unknown } = {
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message:
            'You are the only owner of Green Acres. Transfer ownership to another member, or delete the farm, before you delete your account.',
        },
      },
    };
    const requests = installFakeFetch(routes({ 'POST /api/account/delete': () => answer }));
    const { router } = renderAt('/dashboard/settings/account');
    const yourData = await screen.findByRole('region', { name: 'Your data' });
    expect(await within(yourData).findByText('Green Acres')).toBeInTheDocument();
    fireEvent.click(within(yourData).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(`Type ${ME.email} to confirm`), {
      target: { value: ME.email },
    });
    fireEvent.click(confirm);
    expect(
      await within(dialog).findByText(
        'Your account was not deleted: You are the only owner of Green Acres. Transfer ownership to another member, or delete the farm, before you delete your account.',
      ),
    ).toBeInTheDocument();

    answer = { status: 204 };
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.filter((r) => r.path === '/api/account/delete').map((r) => r.body)).toEqual([
      { email: ME.email },
      { email: ME.email },
    ]);
  });
});
