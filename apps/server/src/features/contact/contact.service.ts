import { eq } from 'drizzle-orm';
import { CONTACT_RATE_LIMIT, type ContactMessage } from '@gona/shared/contact';
import type { Db } from '../../db/client';
import { contact_messages } from '../../db/schema/index';
import type { Deps } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { consumeRateLimit } from '../../lib/rate-limit';
import { createRequestFromContactIn } from '../support/support.service';

export type ContactCtx = Pick<Deps, 'db' | 'mail' | 'config' | 'logger' | 'now'> & {
  /** The sender's address, for the per-address limit. */
  ip: string | undefined;
};

/**
 * Stores a message from the public contact form, then queues its mail to SUPPORT_EMAIL. The message
 * is committed first: until the send-mail job has delivered it (retrying a while), it stays stored
 * with delivered_at null for support to pick up, and the sender gets success, since nothing is
 * lost. The stored row is its own record of who sent what and when, so there is no audit row
 * (there is no signed-in user).
 */
export async function sendContactMessage(ctx: ContactCtx, input: ContactMessage): Promise<{ id: string }> {
  const limit = await consumeRateLimit(ctx.db, `contact:${ctx.ip ?? 'unknown'}`, {
    window: CONTACT_RATE_LIMIT.windowSeconds,
    max: CONTACT_RATE_LIMIT.max,
  });
  if (!limit.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      'You have sent several messages in a short time. Please wait a few minutes and try again.',
    );
  }

  const id = newId();
  const request = await ctx.db.transaction(async (tx) => {
    await tx.insert(contact_messages).values({ id, ...input, phone: input.phone ?? null });
    // Support answers it in the back office: in the app when the address is an account's, else by mail.
    return createRequestFromContactIn(tx, { id, ...input }, ctx.now());
  });

  try {
    await ctx.mail.enqueue({
      message: {
        to: ctx.config.supportEmail,
        // One line: a subject typed with line breaks must not spill into the mail's headers.
        subject: `Contact form: ${input.subject.replace(/\s+/g, ' ')}`,
        text: [
          `From: ${input.name} <${input.email}>`,
          `Phone: ${input.phone ?? 'not given'}`,
          `Message id: ${id}`,
          `Support request: ${request.requestId}${request.userId ? ' (their account)' : ' (no account: answered by mail)'}`,
          '',
          input.message,
          '',
          'Reply to the sender at the email address above.',
        ].join('\n'),
      },
      contactMessageId: id,
    });
  } catch (err) {
    ctx.logger.error(`contact: message ${id} stored but not queued for mailing to support`, err);
  }
  return { id };
}

/** Called by the send-mail job once the message's mail to support went out. */
export async function markContactMessageDelivered(db: Db, id: string): Promise<void> {
  await db.update(contact_messages).set({ delivered_at: new Date() }).where(eq(contact_messages.id, id));
}
