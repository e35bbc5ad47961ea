import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';

type SectionProps = {
  id: string;
  title: string;
  lead?: string;
  tone?: 'plain' | 'white';
  children: ReactNode;
};

/** A page section with its heading (h2), so every page keeps the same heading order. */
export function Section({ id, title, lead, tone = 'plain', children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cx('px-4 py-12', tone === 'white' && 'bg-white')}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-2xl font-bold text-stone-900 sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mt-2 max-w-2xl text-stone-700">{lead}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function buttonClass(kind: 'primary' | 'secondary'): string {
  return cx(
    'inline-flex min-h-11 items-center justify-center rounded-md px-5 font-semibold',
    kind === 'primary'
      ? 'bg-green-700 text-white hover:bg-green-800'
      : 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
  );
}

/** The top of an inner page: the page's h1 and its lead paragraph. */
export function PageIntro({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="bg-gradient-to-b from-green-50 to-stone-50 px-4 py-10">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-2xl text-lg text-stone-700">{lead}</p>}
      </div>
    </div>
  );
}
