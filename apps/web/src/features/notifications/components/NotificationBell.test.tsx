import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderWithProviders } from '@/test/render';
import { NotificationBell } from './NotificationBell';

const COUNT = 'GET /api/notifications/unread-count';

describe('the notification bell', () => {
  it('shows the unread count and leads to the list', async () => {
    installFakeFetch({ [COUNT]: { status: 200, body: { unread: 2 } } });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('href')).toBe('/dashboard/notifications');
    expect(bell.textContent).toBe('2');
  });

  it('shows no number when everything is read, and 99+ beyond 99', async () => {
    let unread = 0;
    installFakeFetch({ [COUNT]: () => ({ status: 200, body: { unread } }) });
    const { queryClient } = renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell.textContent).toBe('');
    unread = 150;
    await act(() => queryClient.invalidateQueries());
    expect((await screen.findByRole('link', { name: 'Notifications, 150 unread' })).textContent).toBe('99+');
  });

  it('asks again after any change the person saves, which may have notified them', async () => {
    let unread = 0;
    const requests = installFakeFetch({ [COUNT]: () => ({ status: 200, body: { unread } }) });
    const { queryClient } = renderWithProviders(<NotificationBell />);
    await screen.findByRole('link', { name: 'Notifications' });
    const asked = () => requests.filter((r) => r.path === '/api/notifications/unread-count').length;
    const before = asked();

    unread = 1;
    await act(() =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.resolve('stock used') })
        .execute(undefined),
    );
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });
});
