import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch } from '@/test/fake-fetch';
import { RESEND_PROMPT_DELAY_MS, SignInForm } from './SignInForm';

const NOT_VERIFIED = { status: 403, body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' } };

function renderForm(onSignedIn = vi.fn(() => Promise.resolve())) {
  render(
    <MemoryRouter>
      <SignInForm onSignedIn={onSignedIn} />
      <AppToaster />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  return onSignedIn;
}

/**
 * Lets pending fetches and renders finish. Uses setImmediate, which the tests never fake, so it
 * works while setTimeout is under fake timers (the 1-second prompt delay is then exact).
 */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    // sonner renders a new toast from a zero-delay timer; this runs it without moving the clock.
    if (vi.isFakeTimers()) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    }
  }
}

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await settle();
}

async function answerYes() {
  fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
  await settle();
}

describe('sign-in errors (spec section 8)', () => {
  it('says invalid credentials in the exact words', async () => {
    installFakeFetch({
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    const onSignedIn = renderForm();
    await submit();
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('warns about an unconfirmed email, asks after 1 second whether to resend, and confirms the resend', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = installFakeFetch({
      'POST /api/auth/sign-in/email': NOT_VERIFIED,
      'POST /api/auth/send-verification-email': { status: 200, body: { status: true } },
    });
    renderForm();
    await submit();
    expect(
      screen.getByText('Please check your email and click the confirmation link before signing in.'),
    ).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESEND_PROMPT_DELAY_MS - 1);
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    const prompt = screen.getByRole('alertdialog', {
      name: 'Would you like us to resend the confirmation email?',
    });
    expect(RESEND_PROMPT_DELAY_MS).toBe(1000);

    await answerYes();
    expect(screen.getByText('A new confirmation link has been sent to your email.')).toBeInTheDocument();
    expect(prompt).not.toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/auth/send-verification-email')?.body).toEqual({
      email: 'ada@example.com',
      callbackURL: '/create-farm',
    });
  });

  it('says so when the resend fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installFakeFetch({
      'POST /api/auth/sign-in/email': NOT_VERIFIED,
      'POST /api/auth/send-verification-email': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    renderForm();
    await submit();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESEND_PROMPT_DELAY_MS);
    });
    await answerYes();
    expect(screen.getByText('Failed to resend confirmation email. Please try again.')).toBeInTheDocument();
  });

  it('closes the prompt without resending on No', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = installFakeFetch({ 'POST /api/auth/sign-in/email': NOT_VERIFIED });
    renderForm();
    await submit();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESEND_PROMPT_DELAY_MS);
    });
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/sign-in/email']);
  });

  it('shows field messages from the shared schema next to the fields and sends nothing', async () => {
    const requests = installFakeFetch({});
    render(
      <MemoryRouter>
        <SignInForm onSignedIn={() => Promise.resolve()} />
      </MemoryRouter>,
    );
    await submit();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like ada@example.com',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(requests).toHaveLength(0);
  });
});
