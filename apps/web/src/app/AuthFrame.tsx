import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PublicFooter } from '@/public/components/PublicFooter';
import { PublicHeader } from '@/public/components/PublicHeader';

type Props = { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode };

/** The account screens: the public navigation around one narrow card, designed for 360 px first. */
export function AuthFrame({ title, subtitle, children, footer }: Props) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <PublicHeader currentPath={pathname} />
      <main id="main" className="flex flex-1 justify-center px-4 py-8 sm:py-12">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
            {subtitle && <p className="mt-1 text-stone-700">{subtitle}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-4 text-center text-stone-800">{footer}</div>}
        </div>
      </main>
      <PublicFooter currentPath={pathname} />
    </div>
  );
}
