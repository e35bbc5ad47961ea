import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@gona/shared/marketplace';
import { Button } from '@/components/ui';
import { DisputeDialog } from './DisputeDialog';

/** "Answer" on a disputed order the farm has not answered yet, opening the farm's answer. */
export function AnswerDisputeButton({ farmId, order }: { farmId: string; order: Order }) {
  const { t } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="sm:w-auto sm:self-start" onClick={() => setOpen(true)}>
        {t('disputes.answer.button')}
      </Button>
      {open && <DisputeDialog side="seller" farmId={farmId} order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
