import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { can } from '@gona/shared/permissions';
import { EmptyState, PageHeader } from '@/components/ui';
import { SubscriptionView } from '@/features/billing/components/SubscriptionView';
import { HelpLink } from '@/components/ui/HelpLink';
import { useSelectedFarm } from '../RequireFarm';

/**
 * /dashboard/subscription: the farm's plan (Free or Gona Pro), what it uses, paying and cancelling,
 * and past payments with their receipts. The owner buys; managers read; workers never reach it
 * (the sidebar hides it and the server refuses).
 */
export default function SubscriptionScreen() {
  const { t } = useTranslation('billing');
  const { id: farmId, role } = useSelectedFarm();
  if (!can(role, 'billing.read'))
    return (
      <>
        <PageHeader title={t('title')} />
        <EmptyState icon={CreditCard} title={t('title')} description={t('noAccess')} />
      </>
    );
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        action={<HelpLink slug="pay-for-gona-pro">{t('help')}</HelpLink>}
      />
      <SubscriptionView farmId={farmId} />
    </>
  );
}
