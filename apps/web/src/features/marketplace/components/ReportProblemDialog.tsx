import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@gona/shared/marketplace';
import { Button } from '@/components/ui';
import { DisputeDialog } from './DisputeDialog';

/** "Report a problem" on a buyer's dispatched or delivered order, opening the report. */
export function ReportProblemButton({ order }: { order: Order }) {
  const { t } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="sm:w-auto sm:self-start" onClick={() => setOpen(true)}>
        {t('disputes.report.button')}
      </Button>
      {open && <DisputeDialog side="buyer" order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
