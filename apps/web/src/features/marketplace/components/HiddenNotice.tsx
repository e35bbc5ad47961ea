import { useTranslation } from 'react-i18next';
import { EyeOff } from 'lucide-react';
import type { ListingHidden } from '@gona/shared/marketplace';
import { cx } from '@/components/ui';

/**
 * What the farm reads on its own listing when Gona hid it from buyers: Gona's reason, and that it
 * cannot go on sale until Gona shows it again. Buyers never see a hidden listing at all.
 */
export function HiddenNotice({ hidden, className }: { hidden: ListingHidden; className?: string }) {
  const { t } = useTranslation('marketplace');
  return (
    <div
      className={cx(
        'flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-900',
        className,
      )}
    >
      <EyeOff aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold break-words">{t('moderation.hidden', { reason: hidden.reason })}</p>
        <p className="text-sm break-words">{t('moderation.hiddenHint')}</p>
      </div>
    </div>
  );
}
