import { ExternalLink } from 'lucide-react';
import { Logo } from '@/components/brand/Logo';
import { cx } from '@/components/ui/cx';
import { publicConfig } from '@/lib/public-config';
import { i18n } from '@/i18n';
import { currentLanguage, localPath } from '../languages';
import { isActivePath, NAV_LINKS } from '../nav';
import { LanguagePicker } from './LanguagePicker';
import { t } from '../t';

type PublicHeaderProps = { currentPath: string };

/**
 * The public navigation, shared by the prerendered pages and the app's /login and /signup.
 * Plain links only: public pages are full document loads in both worlds.
 */
export function PublicHeader({ currentPath }: PublicHeaderProps) {
  const language = currentLanguage(i18n.language);
  return (
    <header className="border-b border-stone-200 bg-white px-4">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 pt-2 md:flex-nowrap md:py-3">
        <a
          href={localPath(language, '/')}
          aria-label={t('nav.logoLabel')}
          className="order-1 -ml-1 inline-flex min-h-11 items-center rounded px-1"
        >
          <Logo className="h-8 w-auto" alt="" />
        </a>
        <nav
          aria-label={t('nav.label')}
          className="order-3 -mx-4 w-[calc(100%+2rem)] md:order-2 md:mx-0 md:w-auto md:flex-1"
        >
          <ul className="flex justify-between overflow-x-auto px-1 sm:justify-start sm:px-2 md:justify-center md:px-0">
            {NAV_LINKS.map((link) => (
              <li key={link.key} className="shrink-0">
                {link.href === null ? (
                  <a href={publicConfig.blog_url} target="_blank" rel="noopener" className={linkClass(false)}>
                    {t(`nav.${link.key}`)}
                    <ExternalLink aria-hidden="true" className="size-3 sm:size-3.5" />
                    <span className="sr-only"> {t('externalHint')}</span>
                  </a>
                ) : (
                  <a
                    href={localPath(language, link.href)}
                    aria-current={isActivePath(currentPath, link.href) ? 'page' : undefined}
                    className={linkClass(isActivePath(currentPath, link.href))}
                  >
                    {t(`nav.${link.key}`)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-2 ml-auto flex items-center gap-2 md:order-3 md:ml-0">
          <LanguagePicker currentPath={currentPath} />
          <a
            href={localPath(language, '/login')}
            aria-current={isActivePath(currentPath, '/login') ? 'page' : undefined}
            className={linkClass(isActivePath(currentPath, '/login'))}
          >
            {t('nav.login')}
          </a>
          {/* Spec: the Sign Up button is hidden on very small screens (below 360 px). */}
          <a
            href="/signup"
            aria-current={isActivePath(currentPath, '/signup') ? 'page' : undefined}
            className="inline-flex min-h-11 items-center rounded-md bg-green-700 px-4 text-sm font-semibold text-white hover:bg-green-800 max-[359px]:hidden"
          >
            {t('nav.signup')}
          </a>
        </div>
      </div>
    </header>
  );
}

function linkClass(active: boolean): string {
  return cx(
    'inline-flex min-h-11 items-center gap-0.5 whitespace-nowrap rounded-md px-1.5 text-[0.8125rem] font-medium sm:gap-1 sm:px-2.5 sm:text-sm md:px-3',
    active
      ? 'bg-green-50 font-semibold text-green-800'
      : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  );
}
