import { useTranslation } from 'react-i18next';
import { Copy, MessageCircle, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { REFERRAL_ACTIVE_DAYS } from '@gona/shared/referrals';
import { Button, buttonClasses, SkeletonRows } from '@/components/ui';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useMyReferrals } from '../api';

/**
 * The person's link to bring another farmer to Gona, a ready message to send by WhatsApp, SMS or a
 * copy, what they get for it, and who joined through it (first name and day only).
 */
export function InviteFarmer() {
  const { t } = useTranslation('screens');
  const mine = useMyReferrals();

  if (mine.isPending) return <SkeletonRows rows={3} />;
  if (mine.isError)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-stone-800">{t('inviteFarmer.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void mine.refetch()}>
          {t('inviteFarmer.tryAgain')}
        </Button>
      </div>
    );

  const { link, joined, months_earned } = mine.data;
  const message = t('inviteFarmer.message', { link });
  const copy = () => {
    navigator.clipboard.writeText(message).then(
      () => toast.success(t('inviteFarmer.copied')),
      () => toast.error(t('inviteFarmer.copyFailed')),
    );
  };

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <section
        aria-labelledby="invite-link"
        className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
      >
        <h2 id="invite-link" className="text-lg font-semibold text-stone-900">
          {t('inviteFarmer.linkTitle')}
        </h2>
        <p className="mt-1 text-stone-700">{t('inviteFarmer.linkHint')}</p>
        <p className="mt-3 rounded-md border border-stone-200 bg-stone-50 p-3 font-mono text-sm break-all text-stone-900">
          {link}
        </p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <a
            href={`https://wa.me/?text=${encodeURIComponent(message)}`}
            target="_blank"
            rel="noopener"
            className={buttonClasses('primary')}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            {t('inviteFarmer.whatsapp')}
          </a>
          <a href={`sms:?&body=${encodeURIComponent(message)}`} className={buttonClasses('secondary')}>
            <MessageSquare aria-hidden="true" className="size-5" />
            {t('inviteFarmer.sms')}
          </a>
          <Button variant="secondary" onClick={copy}>
            <Copy aria-hidden="true" className="size-5" />
            {t('inviteFarmer.copy')}
          </Button>
        </div>
      </section>

      <section
        aria-labelledby="invite-reward"
        className="rounded-xl border border-green-200 bg-green-50 p-4 sm:p-5"
      >
        <h2 id="invite-reward" className="text-lg font-semibold text-green-900">
          {t('inviteFarmer.rewardTitle')}
        </h2>
        <p className="mt-1 text-green-900">{t('inviteFarmer.reward', { days: REFERRAL_ACTIVE_DAYS })}</p>
        <p className="mt-2 font-semibold text-green-900">
          {t('inviteFarmer.earned', { count: months_earned })}
        </p>
      </section>

      <section aria-labelledby="invite-joined">
        <h2 id="invite-joined" className="text-lg font-semibold text-stone-900">
          {t('inviteFarmer.joinedTitle')}
        </h2>
        {joined.length === 0 ? (
          <p className="mt-2 text-stone-700">{t('inviteFarmer.joinedNone')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {joined.map((person, index) => (
              <li
                key={`${person.joined_at}-${index}`}
                className="flex flex-wrap items-center justify-between gap-2 p-3"
              >
                <span className="font-medium wrap-anywhere text-stone-900">{person.first_name}</span>
                <span className="text-sm text-stone-700">
                  {t(person.rewarded ? 'inviteFarmer.joinedRewarded' : 'inviteFarmer.joinedOn', {
                    date: formatDateTime(person.joined_at).slice(0, 10),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="text-stone-700">
        {t('inviteFarmer.notMembers')}{' '}
        <Link to={paths.settingsMembers} className="font-medium text-green-800 underline">
          {t('inviteFarmer.membersLink')}
        </Link>
      </p>
    </div>
  );
}
