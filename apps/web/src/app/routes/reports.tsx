import { FileChartColumn } from 'lucide-react';
import { ComingSoon } from '../ComingSoon';

export default function ReportsScreen() {
  return <ComingSoon screen="reports" icon={FileChartColumn} />;
}
