import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bell, ChevronRight, History, KeyRound, Tractor, UserRound, Users } from 'lucide-react';
import { PageHeader } from '@/components/ui';
import { paths } from '@/lib/paths';

const SECTIONS = [
  { key: 'profile', path: paths.settingsProfile, icon: UserRound },
  { key: 'farms', path: paths.settingsFarms, icon: Tractor },
  { key: 'members', path: paths.settingsMembers, icon: Users },
  { key: 'account', path: paths.settingsAccount, icon: KeyRound },
  { key: 'notifications', path: paths.settingsNotifications, icon: Bell },
  { key: 'activity', path: paths.settingsActivity, icon: History },
] as const;

export default function SettingsScreen() {
  const { t } = useTranslation('screens');
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <ul className="flex flex-col divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
        {SECTIONS.map(({ key, path, icon: Icon }) => (
          <li key={key}>
            <Link to={path} className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-stone-50">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-green-700" />
              <span className="flex flex-1 flex-col">
                <span className="font-semibold text-stone-900">{t(`settings.${key}`)}</span>
                <span className="text-sm text-stone-700">{t(`settings.${key}Hint`)}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
