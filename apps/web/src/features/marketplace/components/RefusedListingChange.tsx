import { useTranslation } from 'react-i18next';
import { RefusedChangeCard } from '@/components/layout/RefusedChangeCard';
import type { AttentionItem } from '@/lib/needs-attention';
import { fetchFarmListing } from '../api';
import type { CreateListingVariables, UpdateListingVariables } from '../mutations';

/** A listing saved without a connection that the server then refused: named by its title. */
export function RefusedListingChange({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('marketplace');
  const kind = String(item.mutationKey[1]);
  const v = item.variables as Partial<CreateListingVariables & UpdateListingVariables>;
  const title = v.listingTitle ?? v.title ?? t('form.addTitle');
  return (
    <RefusedChangeCard
      item={item}
      what={t(`refused.${kind}`, { title })}
      retryVariables={(_key, variables) => retryVariables(kind, variables)}
    />
  );
}

/** A change is sent again on the listing as it is now (its current version); a new one as it was. */
async function retryVariables(kind: string, variables: unknown): Promise<unknown> {
  if (kind !== 'update-listing') return variables;
  const change = variables as UpdateListingVariables;
  const current = await fetchFarmListing(change.farmId, change.listingId);
  return { ...change, version: current.version };
}
