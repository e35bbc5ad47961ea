import { useState } from 'react';
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PayoutAccount } from '@gona/shared/marketplace';
import { can, type FarmRole } from '@gona/shared/permissions';
import { Button, SkeletonRows } from '@/components/ui';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { dayOf, hasPassed } from '../format';
import { usePayoutAccount } from '../payouts-api';
import { PayoutAccountDialog } from './PayoutAccountDialog';

type Props = { farmId: string; role: FarmRole };

/**
 * Where the farm's marketplace money goes, for its owners and managers: the bank, the account's
 * last 4 digits and its name, and while a change is on hold, until when payouts wait. Only the
 * owner adds or changes it (the server refuses managers too).
 */
export function PayoutAccountCard({ farmId, role }: Props) {
  const { t } = useTranslation('marketplace');
  const common = useTranslation('common').t;
  const errorText = useErrorText();
  const query = usePayoutAccount(farmId);
  const [editing, setEditing] = useState(false);
  // Saving it is the owner's, as the farm's billing is.
  const owner = can(role, 'farm.billing');
  const account = query.data;

  let body;
  if (query.isPending) body = <SkeletonRows rows={1} />;
  else if (query.isError && account === undefined)
    body = (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p className="font-medium text-stone-900">{t('payouts.account.errorTitle')}</p>
        <p className="text-stone-700">{errorText(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {common('errors.tryAgain')}
        </Button>
      </div>
    );
  else if (!account)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-stone-800">{t(owner ? 'payouts.account.none' : 'payouts.account.noneManager')}</p>
        {owner && <Button onClick={() => setEditing(true)}>{t('payouts.account.add')}</Button>}
      </div>
    );
  else
    body = (
      <div className="flex flex-col items-start gap-3">
        <AccountDetails account={account} />
        {account.hold_until && !hasPassed(account.hold_until) && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            {t('payouts.account.onHold', {
              day: dayOf(account.updated_at),
              time: formatDateTime(account.hold_until),
            })}
          </p>
        )}
        {owner ? (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('payouts.account.change')}
          </Button>
        ) : (
          <p className="text-sm text-stone-700">{t('payouts.account.ownerOnly')}</p>
        )}
      </div>
    );

  return (
    <section
      aria-labelledby="payout-account-title"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 id="payout-account-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <Landmark aria-hidden="true" className="size-5 shrink-0 text-green-700" />
        {t('payouts.account.title')}
      </h3>
      {body}
      {editing && owner && (
        <PayoutAccountDialog farmId={farmId} account={account ?? null} onClose={() => setEditing(false)} />
      )}
    </section>
  );
}

/** The bank, ••••1234 and the account's name; long names wrap on a narrow phone. */
function AccountDetails({ account }: { account: PayoutAccount }) {
  const { t } = useTranslation('marketplace');
  const rows = [
    { label: t('payouts.account.bank'), value: account.bank_name },
    { label: t('payouts.account.number'), value: `••••${account.account_last4}`, numeric: true },
    { label: t('payouts.account.name'), value: account.account_name },
  ];
  return (
    <dl className="grid w-full grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-sm text-stone-700">{row.label}</dt>
          <dd
            className={
              row.numeric
                ? 'mb-1 font-medium text-stone-900 tabular-nums sm:mb-0'
                : 'mb-1 font-medium break-words text-stone-900 sm:mb-0'
            }
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
