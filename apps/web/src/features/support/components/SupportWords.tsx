import { useTranslation } from 'react-i18next';
import type { SupportState } from '@gona/shared/support';
import { Badge, type BadgeTone } from '@/components/ui/Badge';

const TONES: Record<SupportState, BadgeTone> = {
  open: 'neutral',
  waiting: 'amber',
  solved: 'green',
  closed: 'neutral',
};

/** A request's state in words, as a badge ("Waiting for you" stands out). */
export function SupportStateBadge({ state }: { state: SupportState }) {
  const { t } = useTranslation('support');
  return <Badge tone={TONES[state]}>{t(`states.${state}`)}</Badge>;
}
