import { useTranslation } from 'react-i18next';
import { Assistant } from '@/features/assistant/components/Assistant';
import type { About } from '@/features/assistant/links';
import { useCrop } from '@/features/crops/api';
import { useSupply } from '@/features/inventory/api';
import { useAnimal } from '@/features/livestock/api';
import { paths } from '@/lib/paths';
import { useSelectedFarm } from '../RequireFarm';

/** /dashboard/assistant: Ask Gona, about the farm or about one of its records (?about=crop:<id>). */
export default function AssistantScreen() {
  const farm = useSelectedFarm();
  return (
    <Assistant
      key={farm.id}
      farmId={farm.id}
      subscriptionPath={paths.subscription}
      renderAbout={(about) => <AboutName farmId={farm.id} about={about} />}
    />
  );
}

/** What the question is about, by the record's name once it is known (a weather warning has none). */
function AboutName({ farmId, about }: { farmId: string; about: About }) {
  const { t } = useTranslation('assistant');
  switch (about.kind) {
    case 'crop':
      return <CropName farmId={farmId} id={about.id} />;
    case 'animal':
      return <AnimalName farmId={farmId} id={about.id} />;
    case 'supply':
      return <SupplyName farmId={farmId} id={about.id} />;
    case 'alert':
      return t('composer.about.alert');
  }
}

function CropName({ farmId, id }: { farmId: string; id: string }) {
  const { t } = useTranslation('assistant');
  const crop = useCrop(farmId, id).data;
  if (!crop) return t('composer.about.someCrop');
  const name = [crop.crop_name, crop.variety_name, crop.field?.name].filter(Boolean).join(', ');
  return t('composer.about.crop', { name });
}

function AnimalName({ farmId, id }: { farmId: string; id: string }) {
  const { t } = useTranslation('assistant');
  const animal = useAnimal(farmId, id).data;
  const name = animal && (animal.name ?? animal.tag);
  return name ? t('composer.about.animal', { name }) : t('composer.about.someAnimal');
}

function SupplyName({ farmId, id }: { farmId: string; id: string }) {
  const { t } = useTranslation('assistant');
  const supply = useSupply(farmId, id).data;
  return supply ? t('composer.about.supply', { name: supply.name }) : t('composer.about.someSupply');
}
