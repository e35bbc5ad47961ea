import { Mail, MapPin } from 'lucide-react';
import { CONTACT_LIMITS } from '@gona/shared/contact';
import { publicConfig } from '@/lib/public-config';
import { FormField, ToastRegion } from '../components/FormParts';
import { buttonClass, PageIntro } from '../components/Section';
import { t } from '../t';

/**
 * The form posts to /api/contact. With JavaScript the enhancement script sends it as JSON and
 * shows each field's message beside the field and a toast; without it the browser's own checks
 * run, the server answers with a redirect to #contact-sent / #contact-invalid / #contact-limited,
 * and CSS :target reveals the matching notice.
 */
export function ContactPage() {
  return (
    <>
      <PageIntro title={t('contact.title')} lead={t('contact.lead')} />
      <div className="px-4 py-10">
        <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-[1fr_2fr]">
          <div className="space-y-6">
            <div className="flex gap-3">
              <Mail aria-hidden="true" className="mt-1 size-6 shrink-0 text-green-700" />
              <div>
                <h2 className="font-bold text-stone-900">{t('contact.emailTitle')}</h2>
                <a
                  href={`mailto:${publicConfig.support_email}`}
                  className="break-all text-green-800 underline"
                >
                  {publicConfig.support_email}
                </a>
              </div>
            </div>
            <div className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-1 size-6 shrink-0 text-green-700" />
              <div>
                <h2 className="font-bold text-stone-900">{t('contact.addressTitle')}</h2>
                <address className="not-italic text-stone-700">{publicConfig.postal_address}</address>
              </div>
            </div>
          </div>
          <section
            aria-labelledby="contact-form-title"
            className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6"
          >
            <h2 id="contact-form-title" className="text-xl font-bold text-stone-900">
              {t('contact.formTitle')}
            </h2>
            <Notice id="contact-sent" tone="success" text={t('contact.sent')} />
            <Notice id="contact-invalid" tone="error" text={t('contact.invalid')} />
            <Notice id="contact-limited" tone="error" text={t('contact.limited')} />
            <p
              data-form-status
              data-failed={t('contact.failed')}
              role="alert"
              hidden
              className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
            />
            <form
              id="contact-form"
              action="/api/contact"
              method="post"
              className="mt-4 space-y-4"
              data-contact-form
            >
              <FormField
                form="contact"
                name="name"
                label={t('contact.name')}
                autoComplete="name"
                required
                maxLength={CONTACT_LIMITS.name}
              />
              <FormField
                form="contact"
                name="email"
                type="email"
                label={t('contact.email')}
                autoComplete="email"
                required
              />
              <FormField
                form="contact"
                name="phone"
                type="tel"
                label={t('contact.phone')}
                hint={t('contact.phoneHint')}
                autoComplete="tel"
              />
              <FormField
                form="contact"
                name="subject"
                label={t('contact.subject')}
                required
                maxLength={CONTACT_LIMITS.subject}
              />
              <FormField
                form="contact"
                name="message"
                label={t('contact.message')}
                required
                multiline
                minLength={CONTACT_LIMITS.messageMin}
                maxLength={CONTACT_LIMITS.message}
              />
              <button
                type="submit"
                data-sending-label={t('contact.sending')}
                className={buttonClass('primary')}
              >
                {t('contact.submit')}
              </button>
            </form>
          </section>
        </div>
      </div>
      <ToastRegion />
    </>
  );
}

function Notice({ id, tone, text }: { id: string; tone: 'success' | 'error'; text: string }) {
  return (
    <p
      id={id}
      role="status"
      className={
        tone === 'success'
          ? 'mt-4 hidden rounded-md border border-green-300 bg-green-50 p-3 text-green-900 target:block'
          : 'mt-4 hidden rounded-md border border-red-300 bg-red-50 p-3 text-red-900 target:block'
      }
    >
      {text}
    </p>
  );
}
