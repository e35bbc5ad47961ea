import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch } from '@/test/fake-fetch';
import { SignUpForm } from './SignUpForm';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('sign-up', () => {
  it('signs up with the confirmation redirect to /create-farm, then shows the check-your-email state with a resend', async () => {
    const requests = installFakeFetch({
      'POST /api/auth/sign-up/email': { status: 200, body: { token: null, user: { id: 'u1' } } },
      'POST /api/auth/send-verification-email': { status: 200, body: { status: true } },
    });
    render(
      <MemoryRouter>
        <SignUpForm />
        <AppToaster />
      </MemoryRouter>,
    );
    fill('First name', 'Ada');
    fill('Last name', 'Okafor');
    fill('Email', 'Ada@Example.com');
    fill('Phone', '0803 123 4567');
    fill('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Please check your email and click the confirmation link to complete your account setup.',
      ),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
      first_name: 'Ada',
      last_name: 'Okafor',
      phone: '+2348031234567',
      intent: 'farm',
      language: 'en',
      name: 'Ada Okafor',
      callbackURL: '/create-farm',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(
      await screen.findByText('A new confirmation link has been sent to your email.'),
    ).toBeInTheDocument();
  });

  it('signs a buyer up as a buyer, confirming into the marketplace', async () => {
    const requests = installFakeFetch({
      'POST /api/auth/sign-up/email': { status: 200, body: { token: null, user: { id: 'u1' } } },
      'POST /api/auth/send-verification-email': { status: 200, body: { status: true } },
    });
    render(
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>,
    );
    expect(screen.getByRole('radio', { name: 'I farm' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'I want to buy produce' }));
    fill('First name', 'Bisi');
    fill('Last name', 'Adeyemi');
    fill('Email', 'bisi@example.com');
    fill('Phone', '0805 555 1234');
    fill('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({ intent: 'buy', callbackURL: '/dashboard/marketplace' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    await screen.findByRole('button', { name: 'Resend confirmation email' });
    expect(requests[1]?.body).toEqual({ email: 'bisi@example.com', callbackURL: '/dashboard/marketplace' });
  });

  it('shows the shared schema messages next to each field and sends nothing', () => {
    const requests = installFakeFetch({});
    render(
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>,
    );
    fill('Phone', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Enter your first name');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      'Enter a Nigerian phone number, like 0803 123 4567',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Use at least 8 characters');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it("sends the inviting farmer's code from /signup?ref=… with the sign-up", async () => {
    const requests = installFakeFetch({
      'POST /api/auth/sign-up/email': { status: 200, body: { token: null, user: { id: 'u1' } } },
    });
    render(
      <MemoryRouter>
        <SignUpForm refCode="abc123xyz0" />
      </MemoryRouter>,
    );
    fill('First name', 'Ngozi');
    fill('Last name', 'Eze');
    fill('Email', 'ngozi@example.com');
    fill('Phone', '0803 123 4567');
    fill('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({ email: 'ngozi@example.com', ref: 'abc123xyz0' });
  });
});
