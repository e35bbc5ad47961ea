import { useMatch, useParams } from 'react-router';
import { OrderDetail } from '@/features/marketplace/components/OrderDetail';
import { paths } from '@/lib/paths';

/**
 * /dashboard/marketplace/orders/:orderId: one of my orders; at …/return (where the payment page
 * sends the buyer back) it says where the payment stands, asking the server while it waits.
 */
export default function MarketplaceOrderScreen() {
  const { orderId = '' } = useParams();
  const returning = useMatch(paths.marketplaceOrderReturn) !== null;
  return <OrderDetail orderId={orderId} returning={returning} />;
}
