import {
  BrainCircuit,
  ChartLine,
  CloudSun,
  Cpu,
  Handshake,
  Map,
  ShieldAlert,
  Smartphone,
  Sprout,
  Store,
  Bot,
  Workflow,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { DashboardPreview } from '../components/Illustrations';
import { Testimonials } from '../components/Testimonials';
import { buttonClass, Section } from '../components/Section';
import { t } from '../t';

const PRODUCTS: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'hub', icon: Sprout },
  { key: 'marketplace', icon: Store },
  { key: 'assistant', icon: Bot },
];

const INTEGRATIONS: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'data', icon: CloudSun },
  { key: 'technology', icon: Cpu },
  { key: 'partnerships', icon: Handshake },
];

/** Spec section 2: the six feature cards, in this order, with these titles. */
const FEATURES: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'analytics', icon: ChartLine },
  { key: 'insights', icon: BrainCircuit },
  { key: 'risk', icon: ShieldAlert },
  { key: 'mobile', icon: Smartphone },
  { key: 'workflows', icon: Workflow },
  { key: 'mapping', icon: Map },
];

export function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-green-50 to-stone-50" aria-labelledby="hero-title">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 md:grid-cols-2 md:py-16">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-green-800">
              {t('home.hero.eyebrow')}
            </p>
            <h1
              id="hero-title"
              className="mt-2 text-3xl font-bold leading-tight text-stone-900 sm:text-4xl md:text-5xl"
            >
              {t('home.hero.title')}
            </h1>
            <p className="mt-4 text-lg text-stone-700">{t('home.hero.lead')}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <a href="/signup" className={buttonClass('primary')}>
                {t('home.hero.cta')}
              </a>
              <a href="/pricing" className={buttonClass('secondary')}>
                {t('home.hero.secondary')}
              </a>
            </div>
            <p className="mt-3 text-sm text-stone-700">{t('home.hero.note')}</p>
          </div>
          <figure>
            <DashboardPreview />
            <figcaption className="mt-2 text-sm text-stone-700">{t('home.preview.caption')}</figcaption>
          </figure>
        </div>
      </section>

      <Section id="products" title={t('home.products.title')} lead={t('home.products.lead')}>
        <CardGrid items={PRODUCTS} prefix="home.products" columns="md:grid-cols-3" />
      </Section>

      <Section
        id="integrations"
        title={t('home.integrations.title')}
        lead={t('home.integrations.lead')}
        tone="white"
      >
        <CardGrid items={INTEGRATIONS} prefix="home.integrations" columns="md:grid-cols-3" />
      </Section>

      <Section id="features" title={t('home.features.title')}>
        <CardGrid items={FEATURES} prefix="home.features" columns="sm:grid-cols-2 lg:grid-cols-3" />
      </Section>

      <Section id="testimonials" title={t('home.testimonials.title')} tone="white">
        <Testimonials />
      </Section>

      <section aria-labelledby="cta-title" className="px-4 py-12">
        <div className="mx-auto max-w-3xl rounded-2xl bg-green-800 px-6 py-10 text-center text-white">
          <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
            {t('home.cta.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-green-50">{t('home.cta.body')}</p>
          <a
            href="/signup"
            className="mt-6 inline-flex min-h-11 items-center rounded-md bg-white px-6 font-semibold text-green-900 hover:bg-green-50"
          >
            {t('home.cta.button')}
          </a>
        </div>
      </section>
    </>
  );
}

function CardGrid({
  items,
  prefix,
  columns,
}: {
  items: ReadonlyArray<{ key: string; icon: LucideIcon }>;
  prefix: string;
  columns: string;
}) {
  return (
    <ul className={`grid gap-4 ${columns}`}>
      {items.map(({ key, icon: Icon }) => (
        <li key={key} className="rounded-xl border border-stone-200 bg-white p-5">
          <Icon aria-hidden="true" className="size-8 text-green-700" />
          <h3 className="mt-3 text-lg font-bold text-stone-900">{t(`${prefix}.${key}.title`)}</h3>
          <p className="mt-1 text-stone-700">{t(`${prefix}.${key}.body`)}</p>
        </li>
      ))}
    </ul>
  );
}
