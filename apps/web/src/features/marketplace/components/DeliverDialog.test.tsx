import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aDispatchedOrder } from '../test-fixtures';
import { DeliverDialog } from './DeliverDialog';

beforeAll(() => loadNamespaces(['marketplace']));

const DELIVER = `/api/farms/${FARM_ID}/orders/${anId(0x0d)}/deliver`;
const CODE = "Buyer's delivery code";
const QUANTITY = 'How many bags (100 kg) were delivered';
const order = aDispatchedOrder();

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const describedAs = (label: string, text: string) =>
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text));

describe('DeliverDialog', () => {
  it('starts from the ordered quantity and refuses a short code or more than was ordered, beside each field', () => {
    const requests = installFakeFetch({});
    renderWithProviders(<DeliverDialog farmId={FARM_ID} order={order} onClose={vi.fn()} />);
    expect(screen.getByLabelText(CODE)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(QUANTITY)).toHaveValue('5');
    describedAs(QUANTITY, 'Weighing showed less?');
    fill(CODE, '1234');
    fill(QUANTITY, '6');
    fireEvent.click(screen.getByRole('button', { name: 'Record delivery' }));
    describedAs(CODE, 'Enter the 6-digit code from the buyer');
    describedAs(QUANTITY, '5 bags (100 kg) were ordered: enter that or less');
    fill(QUANTITY, '');
    fireEvent.click(screen.getByRole('button', { name: 'Record delivery' }));
    describedAs(QUANTITY, 'Enter the quantity delivered');
    expect(requests).toHaveLength(0);
  });

  it("shows the buyer's refund as the quantity changes and sends the code and quantity once", async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({
      [`POST ${DELIVER}`]: {
        status: 200,
        body: aDispatchedOrder({ status: 'delivered', delivered_quantity: '4', version: 5 }),
      },
    });
    renderWithProviders(<DeliverDialog farmId={FARM_ID} order={order} onClose={onClose} />);
    expect(screen.queryByText(/is refunded ₦/)).toBeNull();
    fill(QUANTITY, '4.5');
    expect(screen.getByText('Short by 0.5 bags (100 kg): the buyer is refunded ₦12,500')).toBeInTheDocument();
    // A decimal comma; 0.001 bag short at ₦25,000 a bag is 2,500 kobo.
    fill(QUANTITY, '4,999');
    expect(screen.getByText('Short by 0.001 bags (100 kg): the buyer is refunded ₦25')).toBeInTheDocument();
    fill(QUANTITY, '4.0005');
    expect(screen.queryByText(/is refunded ₦/)).toBeNull();
    fill(QUANTITY, '4');
    expect(screen.getByText('Short by 1 bag (100 kg): the buyer is refunded ₦25,000')).toBeInTheDocument();
    fill(CODE, '123 456');
    const button = screen.getByRole('button', { name: 'Record delivery' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: DELIVER, body: { version: 4, code: '123456', delivered_quantity: '4' } },
    ]);
  });

  it("shows the server's refusal of the code beside it and keeps the form open", async () => {
    installFakeFetch({
      [`POST ${DELIVER}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'That code is not right',
            fields: { code: 'That code is not right. Ask the buyer to read it again.' },
          },
        },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<DeliverDialog farmId={FARM_ID} order={order} onClose={onClose} />);
    fill(CODE, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Record delivery' }));
    await waitFor(() => describedAs(CODE, 'Ask the buyer to read it again'));
    expect(screen.getByLabelText(CODE)).toHaveValue('654321');
    expect(onClose).not.toHaveBeenCalled();
  });
});
