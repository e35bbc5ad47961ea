import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { todayOnFarm } from '@/lib/format';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId, FARM_ID } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { anOrder } from '../test-fixtures';
import { DispatchDialog } from './DispatchDialog';

beforeAll(() => loadNamespaces(['marketplace']));

const DISPATCH = `/api/farms/${FARM_ID}/orders/${anId(0x0d)}/dispatch`;
const delivered = anOrder({ status: 'accepted', delivery: 'seller_delivers', version: 3 });

function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const describedAs = (label: string, text: string) =>
  expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text));

describe('DispatchDialog', () => {
  it("asks for the driver's name and phone and a day from today, beside each field, before sending", () => {
    const requests = installFakeFetch({});
    renderWithProviders(<DispatchDialog farmId={FARM_ID} order={delivered} onClose={vi.fn()} />);
    expect(screen.getByLabelText('Expected delivery day')).toHaveValue(todayOnFarm());
    fill('Expected delivery day', dayAfter(todayOnFarm(), -1));
    fireEvent.click(screen.getByRole('button', { name: 'Mark dispatched' }));
    describedAs("Driver's name", "Enter the driver's name");
    describedAs("Driver's phone", "Enter the driver's phone");
    describedAs('Expected delivery day', 'Choose today or a later day');
    fill("Driver's phone", '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Mark dispatched' }));
    describedAs("Driver's phone", 'Enter a Nigerian mobile number');
    expect(requests).toHaveLength(0);
  });

  it('sends the driver, vehicle and day once with the version seen, however often it is tapped', async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({
      [`POST ${DISPATCH}`]: { status: 200, body: anOrder({ status: 'dispatched', version: 4 }) },
    });
    renderWithProviders(<DispatchDialog farmId={FARM_ID} order={delivered} onClose={onClose} />);
    const day = dayAfter(todayOnFarm(), 1);
    fill("Driver's name", ' Musa Ibrahim ');
    fill("Driver's phone", '0803 123 4567');
    fill('Expected delivery day', day);
    const button = screen.getByRole('button', { name: 'Mark dispatched' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const sent = requests.filter((r) => r.method === 'POST');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: DISPATCH,
        body: {
          version: 3,
          expected_on: day,
          driver_name: 'Musa Ibrahim',
          driver_phone: '+2348031234567',
          vehicle: null,
        },
      },
    ]);
  });

  it('asks only for the day a pickup order is ready, today unless changed', async () => {
    const onClose = vi.fn();
    const requests = installFakeFetch({
      [`POST ${DISPATCH}`]: { status: 200, body: anOrder({ status: 'dispatched', version: 3 }) },
    });
    renderWithProviders(
      <DispatchDialog farmId={FARM_ID} order={anOrder({ status: 'accepted' })} onClose={onClose} />,
    );
    expect(screen.getByRole('dialog', { name: 'Ready for pickup' })).toBeInTheDocument();
    expect(screen.queryByLabelText("Driver's name")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark ready for pickup' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      version: 2,
      expected_on: todayOnFarm(),
    });
  });

  it("shows the server's refusals beside their fields, and a changed order as such", async () => {
    let answer = 0;
    installFakeFetch({
      [`POST ${DISPATCH}`]: () =>
        ++answer === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION',
                  message: 'Check the highlighted fields',
                  fields: {
                    driver_phone: 'This is the buyer’s number; enter the driver’s',
                    expected_on: 'Choose a day within 14 days',
                  },
                },
              },
            }
          : { status: 409, body: { error: { code: 'CONFLICT', message: 'The order has changed' } } },
    });
    const onClose = vi.fn();
    renderWithProviders(<DispatchDialog farmId={FARM_ID} order={delivered} onClose={onClose} />);
    fill("Driver's name", 'Musa Ibrahim');
    fill("Driver's phone", '0805 555 1234');
    fireEvent.click(screen.getByRole('button', { name: 'Mark dispatched' }));
    await waitFor(() => describedAs("Driver's phone", 'This is the buyer’s number'));
    describedAs('Expected delivery day', 'Choose a day within 14 days');
    fireEvent.click(screen.getByRole('button', { name: 'Mark dispatched' }));
    expect(
      await screen.findByText('This order changed since you opened it. Close this and open it again.'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
