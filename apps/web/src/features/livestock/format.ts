import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { eggsAsCrates, type Livestock } from '@gona/shared/livestock';
import { decimalText } from '@/lib/language-format';

export { dayMonthYear } from '@/lib/format';

/** What a record is called: its name, or its tag. */
export function animalName(animal: Pick<Livestock, 'name' | 'tag'>): string {
  return animal.name ?? animal.tag ?? '';
}

/** "497 birds", "1 goat", "2,000 fish": a head count in the words for its species. */
export function useHeadsText() {
  const { t } = useTranslation('livestock');
  return useCallback(
    (count: number, species: Livestock['species']) =>
      t(`heads.${species}`, { count, formatted: decimalText(count) }),
    [t],
  );
}

/** "412 eggs (13 crates + 22)": eggs as farmers count them, in crates of 30. */
export function useEggsText() {
  const { t } = useTranslation('livestock');
  return useCallback(
    (eggs: number) => {
      const { crates, remainder } = eggsAsCrates(eggs);
      const count = decimalText(eggs);
      if (crates === 0) return t('eggs.only', { count: eggs, formatted: count });
      return t('eggs.withCrates', {
        count: eggs,
        formatted: count,
        crates: t('eggs.crates', { count: crates }),
        remainder,
      });
    },
    [t],
  );
}

/** "82.9 %" (French "82,9 %"): a percentage with one decimal, as the shared rules give it. */
export function percentText(value: number): string {
  return `${decimalText(value.toFixed(1))} %`;
}
