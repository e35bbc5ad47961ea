import { lazy } from 'react';
import type { AttentionItem } from '@/lib/needs-attention';

const RefusedChange = lazy(() =>
  import('@/features/inventory/components/RefusedChange').then((module) => ({
    default: module.RefusedChange,
  })),
);
const RefusedStaffChange = lazy(() =>
  import('@/features/staff/components/RefusedStaffChange').then((module) => ({
    default: module.RefusedStaffChange,
  })),
);

const RefusedLivestockChange = lazy(() =>
  import('@/features/livestock/components/RefusedLivestockChange').then((module) => ({
    default: module.RefusedLivestockChange,
  })),
);

const RefusedTaskChange = lazy(() =>
  import('@/features/tasks/components/RefusedTaskChange').then((module) => ({
    default: module.RefusedTaskChange,
  })),
);
const RefusedCropChange = lazy(() =>
  import('@/features/crops/components/RefusedCropChange').then((module) => ({
    default: module.RefusedCropChange,
  })),
);
const RefusedListingChange = lazy(() =>
  import('@/features/marketplace/components/RefusedListingChange').then((module) => ({
    default: module.RefusedListingChange,
  })),
);
const RefusedSupportChange = lazy(() =>
  import('@/features/support/components/RefusedSupportChange').then((module) => ({
    default: module.RefusedSupportChange,
  })),
);
const RefusedMoneyChange = lazy(() =>
  import('@/features/money/components/RefusedMoneyChange').then((module) => ({
    default: module.RefusedMoneyChange,
  })),
);

/**
 * A queued change the server refused, shown by its feature: each feature's component loads when one
 * of its changes is listed, and this switch itself only when there is one at all (not with the shell).
 */
export function RefusedChangeItem({ item }: { item: AttentionItem }) {
  switch (item.mutationKey[0]) {
    case 'staff':
      return <RefusedStaffChange item={item} />;
    case 'tasks':
      return <RefusedTaskChange item={item} />;
    case 'livestock':
      return <RefusedLivestockChange item={item} />;
    case 'crops':
      return <RefusedCropChange item={item} />;
    case 'money':
      return <RefusedMoneyChange item={item} />;
    case 'listings':
      return <RefusedListingChange item={item} />;
    case 'support':
      return <RefusedSupportChange item={item} />;
    default:
      return <RefusedChange item={item} />;
  }
}
