import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AppToaster } from '@/app/toaster';
import { installFakeFetch } from '@/test/fake-fetch';
import { aMovement, aSupply, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MovementDialog } from './MovementDialog';

const FARM = FARM_ID;
const SUPPLY = aSupply({
  category: 'fertilizer',
  name: 'NPK 15:15:15',
  quantity: '3',
  unit: 'bag_50kg',
  low_threshold: '1',
});
const URL = `POST /api/farms/${FARM}/supplies/${SUPPLY.id}/movements`;

function result(quantityAfter: string, low = false) {
  return {
    status: 201,
    body: {
      movement: aMovement({ supply_id: SUPPLY.id, quantity: '-1', quantity_after: quantityAfter }),
      supply: aSupply({ ...SUPPLY, quantity: quantityAfter, is_low_stock: low }),
    },
  };
}

function renderDialog(kind: 'used' | 'received' | 'adjusted' = 'used', showCost = true) {
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <MovementDialog
        farmId={FARM}
        supply={SUPPLY}
        initialKind={kind}
        showCost={showCost}
        onClose={onClose}
      />
      <AppToaster />
    </>,
  );
  return onClose;
}

const quantityField = () => screen.getByLabelText(/How much/);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('MovementDialog', () => {
  it('starts at 1 so the common case is two taps, and says what happened', async () => {
    const requests = installFakeFetch({ [URL]: result('2') });
    const onClose = renderDialog('used');
    expect(quantityField()).toHaveValue('1');
    save();
    expect(await screen.findByText('1 bag (50 kg) of NPK 15:15:15 used')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({ kind: 'used', quantity: '1' });
    expect((requests[0]?.body as { id: string }).id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('refuses more than is in stock next to the field, without asking the server', async () => {
    const requests = installFakeFetch({ [URL]: result('0') });
    renderDialog('used');
    fireEvent.change(quantityField(), { target: { value: '4' } });
    save();
    expect(
      await screen.findByText('Only 3 bags (50 kg) in stock. Record what came in first, or count the stock.'),
    ).toBeInTheDocument();
    expect(quantityField()).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it('asks for a number and for a reason on a count, in words that say how to fix it', async () => {
    const requests = installFakeFetch({});
    renderDialog('adjusted');
    fireEvent.change(quantityField(), { target: { value: 'two' } });
    save();
    expect(await screen.findByText('Enter a number, e.g. 12 or 2.5')).toBeInTheDocument();
    fireEvent.change(quantityField(), { target: { value: '2' } });
    save();
    expect(await screen.findByText('Say why the count changed, e.g. stock take')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('retries a failed save with the same movement id, so the server records it once', async () => {
    let calls = 0;
    const requests = installFakeFetch({
      [URL]: () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred' } } }
          : result('2'),
    });
    const onClose = renderDialog('used');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not recorded. An unexpected error occurred');
    expect(onClose).not.toHaveBeenCalled();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests).toHaveLength(2);
    expect((requests[1]?.body as { id: string }).id).toBe((requests[0]?.body as { id: string }).id);
  });

  it("shows the server's refusal when the stock changed meanwhile", async () => {
    installFakeFetch({
      [URL]: {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: 'Not enough stock: only 0 left, so 1 cannot be taken out.',
            fields: { quantity: 'Only 0 left' },
          },
        },
      },
    });
    renderDialog('used');
    save();
    expect(await screen.findByText('Only 0 left')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Not recorded. Not enough stock: only 0 left, so 1 cannot be taken out.',
    );
  });

  it('warns when the stock is now low', async () => {
    installFakeFetch({ [URL]: result('1', true) });
    renderDialog('used');
    fireEvent.change(quantityField(), { target: { value: '2' } });
    save();
    expect(await screen.findByText('NPK 15:15:15 is low: 1 bag (50 kg) left')).toBeInTheDocument();
  });

  it('asks for a unit cost on received stock only from people who may see money', () => {
    installFakeFetch({});
    renderDialog('received', true);
    expect(screen.getByLabelText(/cost/i)).toBeTruthy();
    cleanup();
    renderDialog('received', false);
    expect(screen.queryByLabelText(/cost/i)).toBeNull();
  });
});
