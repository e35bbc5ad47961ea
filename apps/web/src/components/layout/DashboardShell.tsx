import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleAlert, Menu, WifiOff, X } from 'lucide-react';
import { LogoIcon } from '@/components/brand/Logo';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import { useFocusTrap } from '@/components/ui/useFocusTrap';
import { readFlag, STORAGE_KEYS, writeFlag } from '@/lib/storage';
import { useAttentionItems, type AttentionItem } from '@/lib/needs-attention';
import { useOnline } from '@/lib/online';
import { useQueuedChangeCount } from '@/lib/query-client';
import type { NavItem } from './nav-items';
import { Sidebar } from './Sidebar';

// Opened only when a queued change was refused: not part of the shell's first load.
const AttentionDialog = lazy(() => import('./AttentionDialog'));

type DashboardShellProps = {
  farmSwitcher: ReactNode;
  renderBadge: (path: string) => ReactNode;
  /** One refused change in words, with what can be done about it (the feature that made it knows). */
  renderAttentionItem: (item: AttentionItem) => ReactNode;
  /** At the right of the header on every screen size (the notification bell). */
  headerActions?: ReactNode;
  /** Whether a sidebar item is shown to the person (by their role on the selected farm). */
  showsNavItem?: (item: NavItem) => boolean;
  children: ReactNode;
};

/**
 * The dashboard frame: a 240 px / 70 px sidebar on wider screens; on phones (< 768 px) a top bar
 * with the farm switcher and a menu button that opens the sidebar as a drawer.
 */
export function DashboardShell({
  farmSwitcher,
  renderBadge,
  renderAttentionItem,
  headerActions,
  showsNavItem,
  children,
}: DashboardShellProps) {
  const { t } = useTranslation('dashboard');
  const { pathname } = useLocation();
  const online = useOnline();
  const queued = useQueuedChangeCount();
  const attention = useAttentionItems();
  const [reviewing, setReviewing] = useState(false);
  const [collapsed, setCollapsed] = useState(() => readFlag(STORAGE_KEYS.sidebarCollapsed));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useRef<HTMLDivElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useFocusTrap(drawer, drawerOpen, closeDrawer);

  useEffect(() => {
    writeFlag(STORAGE_KEYS.sidebarCollapsed, collapsed);
  }, [collapsed]);

  return (
    <div className="min-h-dvh bg-stone-50">
      <aside
        className={cx(
          'fixed inset-y-0 left-0 z-30 hidden border-r border-stone-200 transition-[width] md:block',
          collapsed ? 'w-[70px]' : 'w-[240px]',
        )}
      >
        <Sidebar
          currentPath={pathname}
          collapsed={collapsed}
          onToggle={() => setCollapsed((value) => !value)}
          renderBadge={renderBadge}
          header={farmSwitcher}
          {...(showsNavItem ? { shows: showsNavItem } : {})}
        />
      </aside>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 md:hidden">
          <div aria-hidden="true" className="absolute inset-0 bg-stone-900/50" onClick={closeDrawer} />
          <div
            ref={drawer}
            role="dialog"
            aria-modal="true"
            aria-label={t('sidebar.label')}
            className="absolute inset-y-0 left-0 flex w-[280px] max-w-[85vw] flex-col shadow-xl"
          >
            <button
              type="button"
              onClick={closeDrawer}
              aria-label={t('sidebar.closeMenu')}
              className="absolute right-2 top-3 z-10 inline-flex size-11 items-center justify-center rounded-lg bg-white text-stone-800 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
            <Sidebar
              currentPath={pathname}
              collapsed={false}
              renderBadge={renderBadge}
              onNavigate={closeDrawer}
              {...(showsNavItem ? { shows: showsNavItem } : {})}
            />
          </div>
        </div>
      )}

      <div className={cx('transition-[padding]', collapsed ? 'md:pl-[70px]' : 'md:pl-[240px]')}>
        {/* Phones: menu, logo, farm switcher and the actions; wider screens (sidebar beside): the actions. */}
        <header
          className={cx(
            'sticky top-0 z-20 flex items-center gap-2 border-b border-stone-200 bg-white px-2 py-2 md:justify-end md:px-8 md:py-1.5',
            !headerActions && 'md:hidden',
          )}
        >
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label={t('sidebar.openMenu')}
            aria-expanded={drawerOpen}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100 md:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
          {/* Below 360 px the farm's name needs the room more than the logo does. */}
          <LogoIcon className="hidden size-8 shrink-0 min-[360px]:block md:hidden" alt="" />
          <div className="min-w-0 flex-1 md:hidden">{farmSwitcher}</div>
          {headerActions}
        </header>
        {(!online || queued > 0) && (
          <p
            role="status"
            className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900"
          >
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
            <span>
              {!online && t('offline')}
              {!online && queued > 0 && ' '}
              {queued > 0 && t('queued', { count: queued })}
            </span>
          </p>
        )}
        {attention.length > 0 && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-red-50 px-4 py-2 text-sm font-medium text-red-900">
            <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
            <span>{t('attention.count', { count: attention.length })}</span>
            <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => setReviewing(true)}>
              {t('attention.review')}
            </Button>
          </div>
        )}
        {reviewing && attention.length > 0 && (
          <Suspense fallback={null}>
            <AttentionDialog
              items={attention}
              renderItem={renderAttentionItem}
              onClose={() => setReviewing(false)}
            />
          </Suspense>
        )}
        <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
