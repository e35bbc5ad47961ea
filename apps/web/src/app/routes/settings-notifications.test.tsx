import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch, type FakeRequest } from '@/test/fake-fetch';
import { notificationSettings } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import NotificationSettingsScreen from './settings-notifications';

const SETTINGS = 'GET /api/notifications/settings';
const SAVE = 'PATCH /api/notifications/settings';

function renderScreen() {
  return renderWithProviders(
    <>
      <NotificationSettingsScreen />
      <AppToaster />
    </>,
  );
}

const lowStock = () => within(screen.getByRole('group', { name: 'Low stock' }));

describe('Settings › Notifications', () => {
  it('shows the defaults: in Gona always, email and this phone on, SMS off and not offered without SMS', async () => {
    installFakeFetch({ [SETTINGS]: { status: 200, body: notificationSettings() } });
    renderScreen();
    await screen.findByRole('group', { name: 'Low stock' });
    const inApp = lowStock().getByRole('checkbox', { name: 'In Gona (always on)' });
    expect(inApp).toBeChecked();
    expect(inApp).toBeDisabled();
    expect(lowStock().getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(lowStock().getByRole('checkbox', { name: 'On this phone' })).toBeChecked();
    const sms = lowStock().getByRole('checkbox', { name: 'SMS to 08031234567' });
    expect(sms).not.toBeChecked();
    expect(sms).toBeDisabled();
    expect(lowStock().getByText('SMS is not available on this Gona server yet.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Quiet hours' })).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('21:00');
    expect(screen.getByLabelText('Until')).toHaveValue('06:00');
    expect(
      screen.getByRole('checkbox', { name: 'One email a day instead of one each time' }),
    ).not.toBeChecked();
  });

  it('saves what was switched, with the version it read', async () => {
    let saved: FakeRequest | undefined;
    installFakeFetch({
      [SETTINGS]: { status: 200, body: notificationSettings() },
      [SAVE]: (request) => {
        saved = request;
        return { status: 200, body: notificationSettings({ version: 1 }) };
      },
    });
    renderScreen();
    await screen.findByRole('group', { name: 'Low stock' });
    fireEvent.click(lowStock().getByRole('checkbox', { name: 'Email' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Quiet hours' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'One email a day instead of one each time' }));
    fireEvent.change(screen.getByLabelText('Send it at'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Notification settings saved.')).toBeTruthy();
    expect(saved?.body).toEqual({
      version: 0,
      channels: {
        low_stock: { email: false, push: true, sms: false },
        tasks_today: { email: false, push: true, sms: false },
        task_overdue: { email: false, push: true, sms: false },
        climate_alert: { email: true, push: true, sms: false },
        payment_due: { email: false, push: true, sms: false },
        order_sold: { email: true, push: true, sms: false },
        order_update: { email: true, push: true, sms: false },
        payout: { email: true, push: true, sms: false },
        report_ready: { email: true, push: true },
        monthly_report: { email: true, push: false },
        subscription: { email: true, push: true, sms: true },
      },
      quiet_hours: null,
      digest: { enabled: true, hour: 18 },
    });
  });

  it('offers SMS when the server sends it, and shows the server’s reason next to the switch', async () => {
    installFakeFetch({
      [SETTINGS]: { status: 200, body: notificationSettings({ sms_available: true, phone: '12' }) },
      [SAVE]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Some fields need attention',
            fields: {
              'channels.low_stock.sms': 'Add a mobile number to your profile first, e.g. 0803 123 4567',
            },
          },
        },
      },
    });
    renderScreen();
    await screen.findByRole('group', { name: 'Low stock' });
    const sms = lowStock().getByRole('checkbox', { name: 'SMS to 12' });
    expect(sms).toBeEnabled();
    fireEvent.click(sms);
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await lowStock().findByText('Add a mobile number to your profile first, e.g. 0803 123 4567'),
    ).toBeTruthy();
    expect(sms).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the settings changed on another device since they were opened', async () => {
    installFakeFetch({
      [SETTINGS]: { status: 200, body: notificationSettings() },
      [SAVE]: { status: 409, body: { error: { code: 'CONFLICT', message: 'Changed' } } },
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'These settings were changed on another device. Reload the page to see them, then change them again.',
    );
  });

  it('says when this browser cannot show notifications, and sends a test notification', async () => {
    const requests = installFakeFetch({
      [SETTINGS]: { status: 200, body: notificationSettings() },
      'POST /api/notifications/test': { status: 201, body: {} },
    });
    renderScreen();
    expect(
      await screen.findByText('This browser cannot show notifications. Chrome or Firefox on Android can.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(
      await screen.findByText("Test sent. Look at the bell, and at this phone's notifications."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
        '/api/notifications/test',
      ]),
    );
  });
});

/** The browser's side of push, as Chrome offers it: permission, the service worker and its PushManager. */
function fakeBrowserPush(permission: NotificationPermission = 'default') {
  const state = {
    permission,
    subscribed: null as null | { endpoint: string },
    key: null as Uint8Array | null,
  };
  const subscription = (endpoint: string) => ({
    endpoint,
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
    unsubscribe: () => {
      state.subscribed = null;
      return Promise.resolve(true);
    },
  });
  const pushManager = {
    getSubscription: () => Promise.resolve(state.subscribed && subscription(state.subscribed.endpoint)),
    subscribe: (options: { applicationServerKey: Uint8Array }) => {
      state.key = options.applicationServerKey;
      state.subscribed = { endpoint: 'https://fcm.googleapis.com/fcm/send/this-phone' };
      return Promise.resolve(subscription(state.subscribed.endpoint));
    },
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: () => {
      state.permission = 'granted';
      return Promise.resolve('granted');
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: () => Promise.resolve(registration),
      ready: Promise.resolve(registration),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
  return state;
}

describe('this phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  });

  it('asks for permission, subscribes with the server’s key and saves the subscription; then turns it off', async () => {
    const browser = fakeBrowserPush();
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const requests = installFakeFetch({
      [SETTINGS]: { status: 200, body: notificationSettings({ push_public_key: key }) },
      'POST /api/notifications/push-subscriptions': { status: 204 },
      'DELETE /api/notifications/push-subscriptions': { status: 204 },
    });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Allow notifications on this phone' }));

    expect(await screen.findByText('Notifications are on for this phone.')).toBeTruthy();
    expect(browser.permission).toBe('granted');
    expect(Buffer.from(browser.key!).toString('base64url')).toBe(key);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/this-phone',
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Turn off on this phone' }));
    expect(await screen.findByRole('button', { name: 'Allow notifications on this phone' })).toBeTruthy();
    expect(browser.subscribed).toBeNull();
    expect(requests.find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/notifications/push-subscriptions?endpoint=${encodeURIComponent('https://fcm.googleapis.com/fcm/send/this-phone')}`,
    );
  });

  it('says how to unblock notifications the person refused before', async () => {
    fakeBrowserPush('denied');
    installFakeFetch({ [SETTINGS]: { status: 200, body: notificationSettings() } });
    renderScreen();
    expect(
      await screen.findByText(
        "Notifications are blocked for Gona in this browser. Allow them in the browser's site settings, then come back here.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Allow notifications on this phone' })).toBeNull();
  });
});
