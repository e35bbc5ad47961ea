import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch } from '@/test/fake-fetch';
import { anAnimal, anAnimalWithPhotos, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { loadNamespaces } from '@/i18n';
import { LivestockFormDialog } from './LivestockFormDialog';

const LIST = `/api/farms/${FARM_ID}/livestock`;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

// Loaded with the livestock screens in the app.
beforeAll(() => loadNamespaces(['livestock']));

describe('LivestockFormDialog', () => {
  it('adds a layer flock of 500 with a phone-made id and the price in kobo', async () => {
    const requests = installFakeFetch({ [`POST ${LIST}`]: { status: 201, body: anAnimalWithPhotos() } });
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <LivestockFormDialog farmId={FARM_ID} role="owner" onClose={onClose} />
        <AppToaster />
      </>,
    );
    type('Animal', 'chicken_layer');
    type('Group name', 'Layers House A');
    type('How many', '500');
    type('Price paid (₦)', '1,500,000');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({
      kind: 'group',
      species: 'chicken_layer',
      name: 'Layers House A',
      head_count: 500,
      acquisition: 'bought',
      price_kobo: 150_000_000,
    });
    expect((requests[0]?.body as { id: string }).id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(await screen.findByText('Layers House A is added.')).toBeInTheDocument();
  });

  it('asks for a tag or a name for one animal, and shows the server’s field messages', async () => {
    const requests = installFakeFetch({
      [`POST ${LIST}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'Some fields need attention',
            fields: { breed: 'Use at most 120 characters' },
          },
        },
      },
    });
    renderWithProviders(<LivestockFormDialog farmId={FARM_ID} role="owner" onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: /One animal/ }));
    type('Animal', 'goat');
    save();
    expect(await screen.findByText('Enter a tag number or a name')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    type('Tag number', 'RS-014');
    save();
    expect(await screen.findByText('Use at most 120 characters')).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({ kind: 'individual', tag: 'RS-014' });
    expect(requests[0]?.body).not.toHaveProperty('head_count');
  });

  it('edits with the version it opened, without the head count, and hides the price from workers', async () => {
    const flock = anAnimal({ version: 4, price_kobo: 150_000_000 });
    const requests = installFakeFetch({
      [`PATCH ${LIST}/${flock.id}`]: {
        status: 200,
        body: anAnimalWithPhotos({ ...flock, location: 'House 2' }),
      },
    });
    const onClose = vi.fn();
    renderWithProviders(
      <LivestockFormDialog farmId={FARM_ID} role="manager" animal={flock} onClose={onClose} />,
    );
    expect(screen.queryByLabelText('How many')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Price paid (₦)')).toHaveValue('1500000');
    type('Place', 'House 2');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]?.body).toMatchObject({ location: 'House 2', version: 4 });
    expect(requests[0]?.body).not.toHaveProperty('head_count');
  });
});
