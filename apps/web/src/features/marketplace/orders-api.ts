import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliverOrderInput,
  DispatchOrderInput,
  Order,
  OrderPayment,
  PlaceOrderInput,
} from '@gona/shared/marketplace';
import { apiFetch } from '@/lib/http';
import { pagedQueryOptions } from '@/lib/paged-query';
import { orderKeys } from './keys';

const MY_ORDERS = '/api/marketplace/orders';
const myOrderPath = (orderId: string) => `${MY_ORDERS}/${encodeURIComponent(orderId)}`;
const farmOrdersPath = (farmId: string) => `/api/farms/${encodeURIComponent(farmId)}/orders`;

/** How often the payment return page asks again while the payment event has not arrived. */
export const PAYMENT_POLL_MS = 2_000;
/** How many times it asks before saying the payment is still being confirmed. */
export const PAYMENT_POLLS = 10;

/**
 * An order moves on the other person's side (paid, accepted, declined, refunded): opening or
 * reloading its screen, or coming back to the tab, asks the server again instead of trusting a
 * copy read moments ago. The copy still shows at once, and without a connection.
 */
const FRESH = { staleTime: 0 } as const;

export function useMyOrders() {
  return useInfiniteQuery({
    ...pagedQueryOptions<Order>({ queryKey: orderKeys.mine, path: MY_ORDERS }),
    ...FRESH,
  });
}

/** One of my orders; with `pollWhilePlaced`, asked again a few times while it waits for payment. */
export function useMyOrder(orderId: string, pollWhilePlaced = false) {
  return useQuery({
    queryKey: orderKeys.one(orderId),
    queryFn: () => apiFetch<Order>(myOrderPath(orderId)),
    ...FRESH,
    refetchInterval: (query) =>
      pollWhilePlaced && query.state.data?.status === 'placed' && query.state.dataUpdateCount < PAYMENT_POLLS
        ? PAYMENT_POLL_MS
        : false,
  });
}

export function useFarmOrders(farmId: string) {
  return useInfiniteQuery({
    ...pagedQueryOptions<Order>({ queryKey: orderKeys.farm(farmId), path: farmOrdersPath(farmId) }),
    ...FRESH,
  });
}

/**
 * Places the order (its id made once per attempt, so a retry or second tap answers the same
 * order) and starts its payment; answers the checkout page to send the browser to.
 */
export function usePlaceAndPay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PlaceOrderInput) => {
      const order = await apiFetch<Order>(MY_ORDERS, { method: 'POST', json: input });
      return apiFetch<OrderPayment>(`${myOrderPath(order.id)}/pay`, { method: 'POST' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  });
}

/** Pays an order placed before (its checkout was closed): a fresh checkout page. */
export function usePayOrder() {
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<OrderPayment>(`${myOrderPath(orderId)}/pay`, { method: 'POST' }),
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => apiFetch<Order>(`${myOrderPath(orderId)}/cancel`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  });
}

export function useDecideOrder(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, decision }: { order: Order; decision: 'accept' | 'decline' }) =>
      apiFetch<Order>(`${farmOrdersPath(farmId)}/${encodeURIComponent(order.id)}/${decision}`, {
        method: 'POST',
        json: { version: order.version },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  });
}

/**
 * The seller marks an accepted order dispatched: the day it is ready for pickup, or the driver,
 * vehicle and the day it should arrive (with the version they saw).
 */
export function useDispatchOrder(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: DispatchOrderInput }) =>
      apiFetch<Order>(`${farmOrdersPath(farmId)}/${encodeURIComponent(orderId)}/dispatch`, {
        method: 'POST',
        json: input,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The seller records the delivery with the buyer's code and the quantity delivered. */
export function useDeliverOrder(farmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, input }: { orderId: string; input: DeliverOrderInput }) =>
      apiFetch<Order>(`${farmOrdersPath(farmId)}/${encodeURIComponent(orderId)}/deliver`, {
        method: 'POST',
        json: input,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The buyer confirms they have the produce, with the version they saw. */
export function useReceiveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) =>
      apiFetch<Order>(`${myOrderPath(order.id)}/received`, {
        method: 'POST',
        json: { version: order.version },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The buyer says all is well with a delivered order: it completes now and the farm is paid. */
export function useReleaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) =>
      apiFetch<Order>(`${myOrderPath(order.id)}/complete`, {
        method: 'POST',
        json: { version: order.version },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Sends the browser to the payment page (Paystack's checkout, or the fake's in development). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
