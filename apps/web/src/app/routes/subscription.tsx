import { CreditCard } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function SubscriptionScreen() {
  return <ComingSoon screen="subscription" icon={CreditCard} />;
}
