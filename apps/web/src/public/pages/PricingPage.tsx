import { Check } from 'lucide-react';
import { formatNaira } from '@gona/shared/money';
import { FREE_WORKER_LIMIT, type PlansResponse } from '@gona/shared/plans';
import { cx } from '@/components/ui/cx';
import { paths } from '@/lib/paths';
import { buttonClass, PageIntro } from '../components/Section';
import { t } from '../t';

/**
 * Pro's button: sign-up first, which sends someone already signed in straight on to the farm's
 * subscription screen (the sign-up screen's guard follows `redirect`), where the owner pays.
 */
const PRO_HREF = `${paths.signup}?${new URLSearchParams({ redirect: paths.subscription }).toString()}`;

/**
 * Prerendered from the same plan definitions and configured price that GET /api/plans answers
 * with, so the figures are right without JavaScript; the enhancement script refreshes the amounts
 * from GET /api/plans in case the price was configured after the build.
 */
export function PricingPage({ plans }: { plans: PlansResponse }) {
  return (
    <>
      <PageIntro title={t('pricing.title')} lead={t('pricing.lead', { limit: FREE_WORKER_LIMIT })} />
      <div className="px-4 py-10">
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {plans.plans.map((plan) => {
            const pro = plan.id === 'pro';
            return (
              <li
                key={plan.id}
                aria-labelledby={`plan-${plan.id}`}
                className={cx(
                  'flex flex-col rounded-2xl border bg-white p-6',
                  pro ? 'border-2 border-green-700' : 'border-stone-200',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 id={`plan-${plan.id}`} className="text-2xl font-bold text-stone-900">
                    {plan.name}
                  </h2>
                  {pro && (
                    <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
                      {t('pricing.popular')}
                    </span>
                  )}
                </div>
                <p className="mt-4 tabular" data-plan-price={plan.id}>
                  <span data-plan-amount={plan.id} className="text-4xl font-bold text-stone-900">
                    {formatNaira(plan.price_naira_per_year * 100)}
                  </span>{' '}
                  <span className="text-stone-700">{t('pricing.perYear')}</span>
                </p>
                <p className="mt-1 text-sm text-stone-700">
                  {plan.price_naira_per_year === 0 ? t('pricing.forever') : t('pricing.terms.billedAnnually')}
                </p>
                <p className="mt-4 font-semibold text-stone-900">
                  {plan.worker_limit === null
                    ? t('pricing.unlimitedWorkers')
                    : t('pricing.workers', { count: plan.worker_limit })}
                </p>
                <h3 className="mt-4 text-sm font-bold uppercase tracking-wide text-stone-700">
                  {t('pricing.includes')}
                </h3>
                <ul className="mt-2 flex-1 space-y-2">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-2 text-stone-800">
                      <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <a
                  href={pro ? PRO_HREF : paths.signup}
                  className={cx(buttonClass(pro ? 'primary' : 'secondary'), 'mt-6 w-full')}
                >
                  {t(`pricing.choose.${plan.id}`)}
                </a>
              </li>
            );
          })}
        </ul>
        <section
          aria-labelledby="pricing-terms"
          className="mx-auto mt-10 max-w-4xl rounded-2xl border border-amber-300 bg-amber-50 p-6"
        >
          <h2 id="pricing-terms" className="text-xl font-bold text-stone-900">
            {t('pricing.terms.title')}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-stone-800">
            {plans.terms.billed_annually && <li>{t('pricing.terms.billedAnnually')}</li>}
            {plans.terms.cancel_any_time && <li>{t('pricing.terms.cancelAnyTime')}</li>}
            {!plans.terms.refund_unused && <li>{t('pricing.terms.noRefund')}</li>}
            <li>{t('pricing.terms.freeLimit', { limit: FREE_WORKER_LIMIT })}</li>
          </ul>
          <p className="mt-4 text-stone-800">
            {t('pricing.questions')}{' '}
            <a href="/contact" className="font-semibold text-green-800 underline">
              {t('pricing.contactLink')}
            </a>
          </p>
        </section>
      </div>
    </>
  );
}
