import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '@/i18n';
import { farm, installFakeFetch } from '@/test/fake-fetch';
import { DeleteFarm } from './DeleteFarm';
import { FarmSettingsForm } from './FarmSettingsForm';

const ID = '01900000-0000-7000-8000-00000000000a';
const GREEN = farm(ID, 'Green Acres');

describe('farm settings', () => {
  it('shows every field with the saved values, and every mistake in one round', () => {
    const requests = installFakeFetch({});
    render(<FarmSettingsForm farm={GREEN} onSaved={vi.fn()} onReload={vi.fn()} />);
    expect(screen.getByLabelText('Farm name')).toHaveValue('Green Acres');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Africa/Lagos');
    fireEvent.change(screen.getByLabelText('Farm name'), { target: { value: 'G' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '2000000' } });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '95' } });
    fireEvent.change(screen.getByLabelText('Longitude'), { target: { value: 'east' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Farm name')).toHaveAccessibleDescription(
      'Enter the farm name (at least 2 characters)',
    );
    expect(screen.getByLabelText('Size')).toHaveAccessibleDescription('Size must be at most 1,000,000');
    expect(screen.getByLabelText('Latitude')).toHaveAccessibleDescription(
      'Enter the latitude as a number from -90 to 90, e.g. 9.0765',
    );
    expect(screen.getByLabelText('Longitude')).toHaveAccessibleDescription(
      'Enter the longitude as a number from -180 to 180, e.g. 7.3986',
    );
    expect(requests).toHaveLength(0);
  });

  it("fills the point from the phone's position, and says plainly when the phone refuses", () => {
    installFakeFetch({});
    const answers: ((success: PositionCallback, failure: PositionErrorCallback) => void)[] = [
      (success) => success({ coords: { latitude: 10.510512, longitude: 7.416499 } } as GeolocationPosition),
      (_success, failure) => failure({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
    ];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => answers.shift()!(ok, fail),
      },
    });
    try {
      render(<FarmSettingsForm farm={GREEN} onSaved={vi.fn()} onReload={vi.fn()} />);
      fireEvent.click(screen.getByRole('button', { name: "Use this phone's location" }));
      expect(screen.getByLabelText('Latitude')).toHaveValue('10.51051');
      expect(screen.getByLabelText('Longitude')).toHaveValue('7.41650');
      fireEvent.click(screen.getByRole('button', { name: "Use this phone's location" }));
      expect(screen.getByRole('alert')).toHaveTextContent('The phone did not allow Gona to see its location');
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });

  it('saves with the version it was opened on and hands the saved farm on', async () => {
    const saved = {
      ...GREEN,
      name: 'Green Acres North',
      latitude: 5.5,
      timezone: 'Africa/Accra',
      version: 2,
    };
    const requests = installFakeFetch({ [`PATCH /api/farms/${ID}`]: { status: 200, body: saved } });
    const onSaved = vi.fn();
    render(<FarmSettingsForm farm={GREEN} onSaved={onSaved} onReload={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Farm name'), { target: { value: 'Green Acres North' } });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '5,5' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Africa/Accra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(requests[0]?.body).toMatchObject({
      name: 'Green Acres North',
      latitude: 5.5,
      longitude: null,
      timezone: 'Africa/Accra',
      version: 1,
    });
  });

  it('says at the top when someone else saved first, keeps what was typed and offers their version', async () => {
    installFakeFetch({
      [`PATCH /api/farms/${ID}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This record was changed by someone else' } },
      },
    });
    const onReload = vi.fn(() => Promise.resolve());
    render(<FarmSettingsForm farm={GREEN} onSaved={vi.fn()} onReload={onReload} />);
    fireEvent.change(screen.getByLabelText('Farm name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this farm while you were editing.');
    expect(screen.getByLabelText('Farm name')).toHaveValue('Mine');
    fireEvent.click(screen.getByRole('button', { name: 'Load the latest version' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});

describe('deleting a farm', () => {
  it('asks for the farm name typed out before it deletes', async () => {
    const requests = installFakeFetch({ [`DELETE /api/farms/${ID}`]: { status: 204 } });
    const onDeleted = vi.fn();
    render(<DeleteFarm farm={GREEN} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Green Acres' }));
    const confirm = screen.getByRole('button', { name: 'Delete farm' });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type Green Acres to confirm'), {
      target: { value: 'green acres' },
    });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type Green Acres to confirm'), {
      target: { value: 'Green Acres ' },
    });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/farms/${ID}`]);
  });

  it('keeps the farm and says why when the delete fails', async () => {
    installFakeFetch({
      [`DELETE /api/farms/${ID}`]: {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'Insufficient permissions' } },
      },
    });
    const onDeleted = vi.fn();
    render(<DeleteFarm farm={GREEN} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Green Acres' }));
    fireEvent.change(screen.getByLabelText('Type Green Acres to confirm'), {
      target: { value: 'Green Acres' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete farm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The farm was not deleted: Insufficient permissions',
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
