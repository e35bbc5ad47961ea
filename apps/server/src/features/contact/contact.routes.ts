import { createRoute } from '@hono/zod-openapi';
import { ContactCreatedSchema, ContactInputSchema } from '@gona/shared/contact';
import { clientIp } from '../../lib/client-ip';
import { AppError } from '../../lib/errors';
import { validationResponse } from '../../lib/http-errors';
import { ErrorResponses, createRouter, jsonContent } from '../../lib/openapi';
import { sendContactMessage } from './contact.service';

/**
 * Where a plain HTML form post (no JavaScript) is sent back to: the contact page, whose CSS
 * :target rule reveals the notice with that id.
 */
export const CONTACT_FORM_REDIRECT = {
  sent: '/contact#contact-sent',
  invalid: '/contact#contact-invalid',
  limited: '/contact#contact-limited',
} as const;

const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * POST /api/contact takes JSON (the enhanced page: 201 { id }, or 400 with per-field messages)
 * or a plain form post (303 redirect to the contact page with a notice anchor).
 */
export const contactRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/contact',
    tags: ['contact'],
    summary: 'Send a message to support from the public contact form (5 per address per 10 minutes)',
    request: {
      body: {
        content: {
          'application/json': { schema: ContactInputSchema },
          'application/x-www-form-urlencoded': { schema: ContactInputSchema },
        },
      },
    },
    responses: {
      201: jsonContent(ContactCreatedSchema, 'Stored (and queued for mailing to support)'),
      303: {
        description:
          'A plain form post: back to /contact with #contact-sent, #contact-invalid or #contact-limited',
      },
      429: { description: 'RATE_LIMITED: too many messages from this address' },
      ...ErrorResponses,
    },
  }),
  async (c) => {
    const type = c.req.header('content-type') ?? '';
    const isForm = FORM_TYPE.test(type);
    if (!isForm && !type.includes('json'))
      throw new AppError('VALIDATION', 'Send the message as JSON or as a form.');
    const input = isForm ? c.req.valid('form') : c.req.valid('json');
    const { db, mail, config, logger, now } = c.var.deps;
    try {
      const created = await sendContactMessage({ db, mail, config, logger, now, ip: clientIp(c) }, input);
      return isForm ? c.redirect(CONTACT_FORM_REDIRECT.sent, 303) : c.json(created, 201);
    } catch (err) {
      if (isForm && err instanceof AppError && err.code === 'RATE_LIMITED')
        return c.redirect(CONTACT_FORM_REDIRECT.limited, 303);
      throw err;
    }
  },
  (result, c) => {
    if (result.success) return;
    if (result.target === 'form') return c.redirect(CONTACT_FORM_REDIRECT.invalid, 303);
    return validationResponse(c, result.error);
  },
);
