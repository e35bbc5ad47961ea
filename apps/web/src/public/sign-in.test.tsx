import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { leaveLoginNotice } from '@/lib/login-notice';
import { writeAuthEntry } from '@/lib/storage';
import { LoginPage } from './pages/LoginPage';
import { enhanceSignIn, RESEND_PROMPT_DELAY_MS } from './sign-in';

const NOT_VERIFIED = { status: 403, body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } };

/** jsdom has no modal dialogs; the browser's showModal and close are what open and shut it. */
function stubDialogs() {
  const proto = HTMLDialogElement.prototype;
  const saved = ['showModal', 'close'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const,
  );
  Object.defineProperty(proto, 'showModal', {
    configurable: true,
    value(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
  });
  Object.defineProperty(proto, 'close', {
    configurable: true,
    value(this: HTMLDialogElement) {
      this.removeAttribute('open');
    },
  });
  onTestFinished(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
  });
}

/** The prerendered page as the server sends it, with its script run over it. */
function openPage(search = '') {
  window.history.replaceState(null, '', `/login${search}`);
  document.body.innerHTML = renderToStaticMarkup(<LoginPage />);
  const go = vi.fn<(url: string) => void>();
  enhanceSignIn({ go });
  return go;
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

/** Lets pending fetches finish without moving a faked clock. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await settle();
}

beforeEach(() => stubDialogs());
afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('the log-in page (spec section 8)', () => {
  it('can be sent only once its script handles it', () => {
    document.body.innerHTML = renderToStaticMarkup(<LoginPage />);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    enhanceSignIn({ go: vi.fn() });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('signs in and goes where the person was heading', async () => {
    const requests = installFakeFetch({ 'POST /api/auth/sign-in/email': { status: 200, body: {} } });
    const go = openPage(`?redirect=${encodeURIComponent('/dashboard/inventory?q=urea')}`);
    fill('  Ada@Example.com ', 'correct horse');
    await submit();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        body: { email: 'ada@example.com', password: 'correct horse' },
      },
    ]);
    expect(go).toHaveBeenCalledWith('/dashboard/inventory?q=urea');
  });

  it('goes to the dashboard when the redirect points away from Gona', async () => {
    installFakeFetch({ 'POST /api/auth/sign-in/email': { status: 200, body: {} } });
    const go = openPage(`?redirect=${encodeURIComponent('//evil.example/x')}`);
    fill('ada@example.com', 'correct horse');
    await submit();
    expect(go).toHaveBeenCalledWith('/dashboard');
  });

  it('keeps the redirect on the sign-up link', () => {
    openPage('?redirect=%2Fdashboard%2Fstaff');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup?redirect=%2Fdashboard%2Fstaff',
    );
  });

  it('says invalid credentials in the exact words and stays', async () => {
    installFakeFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    const go = openPage();
    fill('ada@example.com', 'wrong');
    await submit();
    expect(screen.getByText('Invalid email or password. Please try again.')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('warns about an unconfirmed email, asks after 1 second whether to resend, and confirms the resend', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = installFakeFetch({
      'POST /api/auth/sign-in/email': NOT_VERIFIED,
      'POST /api/auth/send-verification-email': { status: 200, body: { status: true } },
    });
    openPage();
    fill('ada@example.com', 'correct horse');
    await submit();
    expect(
      screen.getByText('Please check your email and click the confirmation link before signing in.'),
    ).toBeInTheDocument();
    const prompt = document.getElementById('resend-prompt')!;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESEND_PROMPT_DELAY_MS - 1);
    });
    expect(prompt).not.toHaveAttribute('open');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(prompt).toHaveAttribute('open');
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName(
      'Would you like us to resend the confirmation email?',
    );
    expect(RESEND_PROMPT_DELAY_MS).toBe(1000);

    fireEvent.click(within(prompt).getByRole('button', { name: 'Yes' }));
    await settle();
    expect(screen.getByText('A new confirmation link has been sent to your email.')).toBeInTheDocument();
    expect(prompt).not.toHaveAttribute('open');
    expect(requests.find((r) => r.path === '/api/auth/send-verification-email')?.body).toEqual({
      email: 'ada@example.com',
      callbackURL: '/create-farm',
    });
  });

  it('says so when the resend fails, and sends nothing on No', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = installFakeFetch({
      'POST /api/auth/sign-in/email': NOT_VERIFIED,
      'POST /api/auth/send-verification-email': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    openPage();
    fill('ada@example.com', 'correct horse');
    await submit();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESEND_PROMPT_DELAY_MS);
    });
    const prompt = screen.getByRole('alertdialog');
    fireEvent.click(within(prompt).getByRole('button', { name: 'No' }));
    expect(prompt).not.toHaveAttribute('open');
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/sign-in/email']);

    await submit();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESEND_PROMPT_DELAY_MS);
    });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Yes' }));
    await settle();
    expect(screen.getByText('Failed to resend confirmation email. Please try again.')).toBeInTheDocument();
  });

  it('shows the shared rules’ messages next to the fields and sends nothing', async () => {
    const requests = installFakeFetch({});
    openPage();
    await submit();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like ada@example.com',
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(requests).toHaveLength(0);
  });

  it('puts a server refusal in plain words, never the library’s', async () => {
    installFakeFetch({
      'POST /api/auth/sign-in/email': {
        status: 403,
        body: { code: 'INVALID_ORIGIN', message: 'Invalid origin' },
      },
    });
    openPage();
    fill('ada@example.com', 'correct horse');
    await submit();
    expect(
      screen.getByText(
        'This page was opened at an address Gona does not know. Open Gona at its usual address and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Invalid origin')).not.toBeInTheDocument();
  });

  it('shows the message the app left for it, once', () => {
    leaveLoginNotice({ text: 'Your session has expired. Please log in again.', tone: 'error' });
    openPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired. Please log in again.');
    openPage();
    expect(screen.queryByText('Your session has expired. Please log in again.')).not.toBeInTheDocument();
  });

  it('sends someone already signed in on this phone straight on', async () => {
    writeAuthEntry({ user_id: 'u1', email: 'ada@example.com', first_name: 'Ada', last_name: 'Obi' });
    installFakeFetch({ 'GET /api/auth/get-session': { status: 200, body: { user: { id: 'u1' } } } });
    const go = openPage('?redirect=%2Fdashboard%2Fstaff');
    await settle();
    expect(go).toHaveBeenCalledWith('/dashboard/staff');
  });

  it('stays for someone whose session has ended', async () => {
    writeAuthEntry({ user_id: 'u1', email: 'ada@example.com', first_name: 'Ada', last_name: 'Obi' });
    installFakeFetch({ 'GET /api/auth/get-session': { status: 200, body: null } });
    const go = openPage();
    await settle();
    expect(go).not.toHaveBeenCalled();
  });
});
