import { useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Logo } from '@/components/brand/Logo';
import { paths } from '@/lib/paths';
import { t } from '../t';
import { LegalDialog, type LegalDocument } from './LegalDialog';

type PublicFooterProps = { currentPath: string };

const FEATURE_LINKS = [
  { key: 'farmDashboard', href: paths.dashboard },
  { key: 'aiClimateAlerts', href: paths.climate },
  { key: 'staffManagement', href: paths.staff },
  { key: 'satelliteMapping', href: null },
  { key: 'ussd', href: null },
] as const;

const COMPANY_LINKS = [
  { key: 'about', href: '/about' },
  { key: 'careers', href: null },
  { key: 'blog', href: '/blog' },
  { key: 'help', href: '/help' },
] as const;

/**
 * The public footer. Privacy Policy and Terms of Service open as modal dialogs: here through
 * React when the app renders it, on the static pages through the enhancement script, which
 * finds the same data-dialog attributes.
 */
export function PublicFooter({ currentPath }: PublicFooterProps) {
  const privacy = useRef<HTMLDialogElement>(null);
  const terms = useRef<HTMLDialogElement>(null);
  const dialogs: Record<LegalDocument, RefObject<HTMLDialogElement | null>> = { privacy, terms };

  const open = (doc: LegalDocument) => (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogs[doc].current;
    if (!dialog?.showModal) return;
    event.preventDefault();
    dialog.showModal();
  };

  return (
    <footer
      className="border-t border-stone-200 bg-stone-100 px-4 text-stone-700"
      aria-label={t('footer.label')}
    >
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-8 py-10 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <a href="/" aria-label={t('nav.logoLabel')} className="inline-flex min-h-11 items-center rounded">
            <Logo className="h-8 w-auto" alt="" loading="lazy" />
          </a>
          <p className="mt-2 max-w-xs text-sm">{t('footer.tagline')}</p>
        </div>
        <FooterGroup title={t('footer.features')}>
          {FEATURE_LINKS.map((link) => (
            <li key={link.key}>
              <FooterLink href={link.href} currentPath={currentPath}>
                {t(`footer.${link.key}`)}
              </FooterLink>
            </li>
          ))}
        </FooterGroup>
        <FooterGroup title={t('footer.company')}>
          {COMPANY_LINKS.map((link) => (
            <li key={link.key}>
              <FooterLink href={link.href} currentPath={currentPath}>
                {t(`footer.${link.key}`)}
              </FooterLink>
            </li>
          ))}
        </FooterGroup>
        <FooterGroup title={t('footer.legal')}>
          <li>
            <a
              href="#privacy"
              data-dialog="privacy"
              aria-haspopup="dialog"
              onClick={open('privacy')}
              className={linkClass}
            >
              {t('footer.privacy')}
            </a>
          </li>
          <li>
            <a
              href="#terms"
              data-dialog="terms"
              aria-haspopup="dialog"
              onClick={open('terms')}
              className={linkClass}
            >
              {t('footer.terms')}
            </a>
          </li>
          <li>
            <FooterLink href={null} currentPath={currentPath}>
              {t('footer.cookies')}
            </FooterLink>
          </li>
        </FooterGroup>
      </div>
      <div className="-mx-4 border-t border-stone-200 px-4">
        <p className="mx-auto max-w-6xl py-4 text-sm">{t('footer.copyright')}</p>
      </div>
      <LegalDialog doc="privacy" ref={privacy} />
      <LegalDialog doc="terms" ref={terms} />
    </footer>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center rounded text-sm text-stone-700 underline-offset-2 hover:text-green-800 hover:underline sm:min-h-8';

function FooterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-bold uppercase tracking-wide text-stone-900">{title}</h2>
      <ul className="mt-2">{children}</ul>
    </div>
  );
}

/** A link, or (href null) the spec's placeholder: an <a> without href, marked as coming soon. */
function FooterLink({
  href,
  currentPath,
  children,
}: {
  href: string | null;
  currentPath: string;
  children: ReactNode;
}) {
  if (href === null) {
    return (
      <a className="inline-flex min-h-11 flex-wrap items-center gap-x-2 text-sm text-stone-700 sm:min-h-8">
        {children}
        <span className="rounded bg-stone-200 px-1.5 text-xs text-stone-700">{t('comingSoon')}</span>
      </a>
    );
  }
  return (
    <a href={href} aria-current={currentPath === href ? 'page' : undefined} className={linkClass}>
      {children}
    </a>
  );
}
