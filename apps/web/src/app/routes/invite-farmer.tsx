import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui';
import { HelpLink } from '@/components/ui/HelpLink';
import { InviteFarmer } from '@/features/referrals/components/InviteFarmer';

/** /dashboard/invite-farmer: bring another farmer to Gona with a personal link. */
export default function InviteFarmerScreen() {
  const { t } = useTranslation('screens');
  return (
    <>
      <PageHeader
        title={t('inviteFarmer.title')}
        description={t('inviteFarmer.description')}
        action={<HelpLink slug="invite-member-or-farmer">{t('inviteFarmer.help')}</HelpLink>}
      />
      <InviteFarmer />
    </>
  );
}
