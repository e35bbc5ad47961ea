import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { installFakeFetch, ME, signedInRoutes } from '@/test/fake-fetch';
import { aFarm, aMe } from '@/test/fixtures';
import { renderAt } from '@/test/render';

describe('profile screen', () => {
  it('shows the name, phone and language; only English can be chosen, the others say they are coming', async () => {
    installFakeFetch(signedInRoutes([aFarm()]));
    renderAt('/dashboard/settings/profile');
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Phone')).toHaveValue('+2348031234567');
    const language = screen.getByLabelText('Language');
    const options = [...within(language).getAllByRole('option')] as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['English', false],
      ['Hausa (coming soon)', true],
      ['Yorùbá (coming soon)', true],
      ['Igbo (coming soon)', true],
      ['Naijá (Pidgin) (coming soon)', true],
      ['Français (coming soon)', true],
    ]);
  });

  it('checks the phone before sending, then saves and says so', async () => {
    const saved = aMe({ first_name: 'Adaeze', phone: '+2348055551234' });
    const requests = installFakeFetch({
      ...signedInRoutes([aFarm()]),
      'PUT /api/account/profile': { status: 200, body: saved },
    });
    renderAt('/dashboard/settings/profile');
    const phone = await screen.findByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter a Nigerian phone number, like 0803 123 4567')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(phone, { target: { value: '0805 555 1234' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Adaeze' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      first_name: 'Adaeze',
      last_name: ME.last_name,
      phone: '+2348055551234',
      language: 'en',
    });
    expect(await screen.findByLabelText('Phone')).toHaveValue('+2348055551234');
  });
});
