import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_STATES, type SubscriptionState } from '@gona/shared/billing';
import { optionsOf, SelectField } from '@/components/ui';
import { useAdminSubscriptions } from '@/features/billing/admin-api';
import { SubscriptionRow } from '@/features/billing/admin/SubscriptionRow';
import { useAddressSearch } from '@/features/marketplace/admin/address-search';
import { AdminResultList } from '@/features/marketplace/admin/AdminResultList';
import { AdminSearchForm } from '@/features/marketplace/admin/AdminSearchForm';

const SEARCH_MAX = 100;

/**
 * /admin/subscriptions: Gona Pro by farm for Gona's staff, found by a farm's name or its owner's
 * email and narrowed to a state (both kept in the address), each opening the farm's payments.
 */
export default function AdminSubscriptionsScreen() {
  const { t } = useTranslation('billing');
  const search = useAddressSearch(SEARCH_MAX, t('admin.tooLong', { max: SEARCH_MAX }));
  const stateParam = search.params.get('state');
  const state = SUBSCRIPTION_STATES.find((s): s is SubscriptionState => s === stateParam) ?? '';
  const query = useAdminSubscriptions({ q: search.q, state });
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">{t('admin.title')}</h1>
      <AdminSearchForm
        search={search}
        label={t('admin.search')}
        hint={t('admin.searchHint')}
        submitLabel={t('admin.submit')}
      >
        <SelectField
          label={t('admin.state')}
          placeholder={t('admin.allStates')}
          options={optionsOf(SUBSCRIPTION_STATES, (s) => t(`states.${s}`))}
          value={state}
          onChange={(e) => search.setParam('state', e.target.value)}
        />
      </AdminSearchForm>
      <AdminResultList
        query={query}
        label={t('admin.title')}
        errorTitle={t('admin.error')}
        empty={search.q ? t('admin.noMatch', { q: search.q }) : t('admin.empty')}
      >
        {(row) => <SubscriptionRow row={row} />}
      </AdminResultList>
    </main>
  );
}
