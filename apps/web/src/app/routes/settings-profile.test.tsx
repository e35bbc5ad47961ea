import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { installFakeFetch, ME, signedInRoutes } from '@/test/fake-fetch';
import { aFarm, aMe } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { showLanguage } from '@/i18n';

describe('profile screen', () => {
  it('shows the name, phone and language; each language can be chosen, those still being translated marked new', async () => {
    installFakeFetch(signedInRoutes([aFarm()]));
    renderAt('/dashboard/settings/profile');
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Phone')).toHaveValue('+2348031234567');
    const language = screen.getByLabelText('Language');
    const options = [...within(language).getAllByRole('option')] as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['English', false],
      ['Hausa (new)', false],
      ['Yorùbá (new)', false],
      ['Igbo (new)', false],
      ['Naijá (Pidgin) (new)', false],
      ['Français (new)', false],
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

  it('saves a new language and shows the screens in it at once, kept for the next start', async () => {
    const saved = aMe({ language: 'fr' });
    let account = aMe();
    installFakeFetch({
      ...signedInRoutes([aFarm()]),
      'GET /api/me': () => ({ status: 200, body: account }),
      'PUT /api/account/profile': () => {
        account = saved;
        return { status: 200, body: saved };
      },
    });
    renderAt('/dashboard/settings/profile');
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    // The dashboard's menu is translated into French; Settings' own words are not yet (English shows).
    expect(await screen.findByText('Paramètres')).toBeInTheDocument();
    expect(localStorage.getItem('gona.language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    await showLanguage('en');
  });
});
