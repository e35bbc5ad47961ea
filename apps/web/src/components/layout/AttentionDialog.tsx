import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';
import type { AttentionItem } from '@/lib/needs-attention';

type Props = {
  items: AttentionItem[];
  renderItem: (item: AttentionItem) => ReactNode;
  onClose: () => void;
};

/** The queued changes the server refused, each with what can be done about it. Loaded when opened. */
export default function AttentionDialog({ items, renderItem, onClose }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog open onClose={onClose} title={t('attention.title')} description={t('attention.intro')}>
      <ul aria-label={t('attention.listLabel')} className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-xl border border-stone-200 bg-white p-4">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
