import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Logo, LogoIcon } from '@/components/brand/Logo';
import { cx } from '@/components/ui/cx';
import { isNavItemActive, MAIN_NAV, SETTINGS_NAV, type NavItem } from './nav-items';
import { paths } from '@/lib/paths';

type SidebarProps = {
  currentPath: string;
  collapsed: boolean;
  /** Absent in the phone drawer, which closes instead of collapsing. */
  onToggle?: () => void;
  /** Count badge for an item (open inventory alerts, …), keyed by its path. */
  renderBadge: (path: string) => ReactNode;
  /** Above the menu: the farm switcher. */
  header?: ReactNode;
  onNavigate?: () => void;
  /** Whether an item is shown (an item some roles may not use is hidden from them). */
  shows?: (item: NavItem) => boolean;
};

export function Sidebar({
  currentPath,
  collapsed,
  onToggle,
  renderBadge,
  header,
  onNavigate,
  shows = () => true,
}: SidebarProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="flex h-full flex-col bg-white">
      <div
        className={cx(
          'flex items-center gap-2 border-b border-stone-200 px-3 py-2',
          collapsed ? 'flex-col' : 'justify-between',
        )}
      >
        <Link
          to={paths.dashboard}
          onClick={onNavigate}
          className="inline-flex min-h-11 items-center rounded px-1"
          aria-label={t('nav.home')}
        >
          {collapsed ? <LogoIcon className="size-9" alt="" /> : <Logo className="h-8 w-auto" alt="" />}
        </Link>
        {onToggle && (
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
            className="inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="size-5" />
            ) : (
              <PanelLeftClose aria-hidden="true" className="size-5" />
            )}
          </button>
        )}
      </div>
      {header && !collapsed && <div className="border-b border-stone-200 px-3 py-2">{header}</div>}
      <nav aria-label={t('sidebar.label')} className="flex-1 overflow-y-auto px-2 py-2">
        <NavGroup
          title={t('sidebar.mainGroup')}
          items={MAIN_NAV.filter(shows)}
          {...{ currentPath, collapsed, renderBadge, onNavigate }}
        />
        <NavGroup
          title={t('sidebar.settingsGroup')}
          items={SETTINGS_NAV.filter(shows)}
          {...{ currentPath, collapsed, renderBadge, onNavigate }}
        />
      </nav>
    </div>
  );
}

type NavGroupProps = Pick<SidebarProps, 'currentPath' | 'collapsed' | 'renderBadge' | 'onNavigate'> & {
  title: string;
  items: readonly NavItem[];
};

function NavGroup({ title, items, currentPath, collapsed, renderBadge, onNavigate }: NavGroupProps) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  return (
    <div className="mb-2">
      <h2
        className={cx(
          'mb-0.5 px-3 text-xs font-semibold uppercase tracking-wide text-stone-700',
          collapsed && 'sr-only',
        )}
      >
        {title}
      </h2>
      <ul className="flex flex-col">
        {items.map(({ key, path, icon: Icon }) => {
          const active = isNavItemActive(path, currentPath);
          const label = t(`nav.${key}`);
          return (
            <li key={key}>
              <a
                href={path}
                onClick={(event) => {
                  // In-app navigation; the href stays the spec's path, even the placeholder '/dashboard/#'.
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  onNavigate?.();
                  void navigate(path);
                }}
                aria-current={active ? 'page' : undefined}
                title={collapsed ? label : undefined}
                className={cx(
                  'relative flex min-h-11 items-center gap-3 rounded-lg px-3 text-[15px] font-medium',
                  collapsed && 'justify-center px-0',
                  active ? 'bg-green-700 text-white' : 'text-stone-800 hover:bg-stone-100',
                )}
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span className={cx('flex-1 truncate', collapsed && 'sr-only')}>{label}</span>
                <span className={cx(collapsed && 'absolute right-1 top-1')}>{renderBadge(path)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
