import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '@/i18n';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch } from '@/test/fake-fetch';
import { ChangePasswordForm } from './ChangePasswordForm';

const URL = 'POST /api/auth/change-password';

function fill(current: string, password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

function renderForm() {
  render(
    <>
      <ChangePasswordForm />
      <AppToaster />
    </>,
  );
}

describe('ChangePasswordForm', () => {
  it('shows every field’s problem at once before sending anything', async () => {
    const requests = installFakeFetch({});
    renderForm();
    fill('', 'short', 'other');
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('puts a wrong current password next to its field', async () => {
    installFakeFetch({
      [URL]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Some fields need attention',
            fields: { current_password: 'That is not your current password' },
          },
        },
      },
    });
    renderForm();
    fill('guess', 'a new password 1', 'a new password 1');
    expect(await screen.findByText('That is not your current password')).toBeTruthy();
  });

  it('sends the change and says other devices were signed out', async () => {
    const requests = installFakeFetch({ [URL]: { status: 200, body: { token: null } } });
    renderForm();
    fill('old password', 'a new password 1', 'a new password 1');
    expect(
      await screen.findByText('Your password has been changed. Other devices have been signed out.'),
    ).toBeTruthy();
    expect(requests[0]?.body).toEqual({
      current_password: 'old password',
      password: 'a new password 1',
      confirm: 'a new password 1',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });
});
