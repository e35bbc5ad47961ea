import { HelpFeedback } from '@/features/help/admin/HelpFeedback';

/** /admin/help: Gona's back office, how many said each help article answered their question. */
export default function AdminHelpScreen() {
  return <HelpFeedback />;
}
