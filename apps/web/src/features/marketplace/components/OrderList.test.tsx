import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { loadNamespaces } from '@/i18n';
import { installFakeFetch } from '@/test/fake-fetch';
import { anId } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { aDispatchedOrder, anOrder } from '../test-fixtures';
import { OrderList } from './OrderList';

beforeAll(() => loadNamespaces(['marketplace']));

const MINE = '/api/marketplace/orders';

describe('OrderList (My orders)', () => {
  it('shows the delivery code and "I have received it" on an order on its way, and a refusal beside it', async () => {
    const requests = installFakeFetch({
      [`GET ${MINE}`]: {
        status: 200,
        body: {
          items: [
            aDispatchedOrder({ delivery_code: '987654' }),
            anOrder({ id: anId(0x0e), status: 'accepted', accept_by: null }),
          ],
          next_cursor: null,
        },
      },
      [`POST ${MINE}/${anId(0x0d)}/received`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This order has changed. Look at it again.' } },
      },
    });
    renderWithProviders(<OrderList />);
    const list = await screen.findByRole('list', { name: 'My orders' });
    const [onItsWay, accepted] = within(list).getAllByRole('listitem');
    expect(within(onItsWay!).getByText('987 654')).toBeInTheDocument();
    expect(within(accepted!).queryByText(/delivery code/)).toBeNull();
    expect(within(accepted!).queryByRole('button', { name: 'I have received it' })).toBeNull();

    fireEvent.click(within(onItsWay!).getByRole('button', { name: 'I have received it' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Have you received the produce?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have received it' }));
    expect(await within(onItsWay!).findByRole('alert')).toHaveTextContent(
      'This order has changed. Look at it again.',
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: `${MINE}/${anId(0x0d)}/received`, body: { version: 4 } },
      ]),
    );
  });

  it('offers "All is well: pay the farmer now" on a delivered order in its window, and sends it once', async () => {
    const inWindow = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const delivered = aDispatchedOrder({
      status: 'delivered',
      delivered_quantity: '5',
      delivered_at: new Date().toISOString(),
      complete_by: inWindow,
      delivery_code: null,
      version: 5,
    });
    const requests = installFakeFetch({
      [`GET ${MINE}`]: { status: 200, body: { items: [delivered], next_cursor: null } },
      [`POST ${MINE}/${anId(0x0d)}/complete`]: {
        status: 200,
        body: { ...delivered, status: 'completed', complete_by: null, version: 6 },
      },
    });
    renderWithProviders(<OrderList />);
    const list = await screen.findByRole('list', { name: 'My orders' });
    fireEvent.click(within(list).getByRole('button', { name: 'All is well: pay the farmer now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Is everything as you ordered?' });
    expect(dialog).toHaveTextContent('After this you cannot report a problem with this order.');
    const yes = within(dialog).getByRole('button', { name: 'All is well: pay the farmer now' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: `${MINE}/${anId(0x0d)}/complete`, body: { version: 5 } },
      ]),
    );
  });
});
