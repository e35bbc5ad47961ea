import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '@/components/ui';

type Props = {
  /** Key in the screens catalogue with a title and an empty text. */
  screen: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
};

/** A dashboard screen whose feature has not shipped yet: its title and an honest empty state, no sample data. */
export function ComingSoon({ screen, icon }: Props) {
  const { t } = useTranslation('screens');
  return (
    <>
      <PageHeader title={t(`${screen}.title`)} />
      <EmptyState icon={icon} title={t(`${screen}.title`)} description={t(`${screen}.empty`)} />
    </>
  );
}
