import { Wallet } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function ExpensesScreen() {
  return <ComingSoon screen="expenses" icon={Wallet} />;
}
