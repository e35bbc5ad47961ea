import { Hono, type Context } from 'hono';
import type { SentMail } from '../../integrations/email';
import { clientIp, isLoopback } from '../../lib/client-ip';
import type { AppEnv } from '../../lib/http-context';
import { AppError } from '../../lib/errors';

/**
 * The development outbox: the mails Gona would have sent, so a newcomer can finish sign-up without
 * a mail server. Only without SMTP_URL, outside production, and only to the same machine; to anyone
 * else it does not exist.
 */
export const devRoutes = new Hono<AppEnv>()
  .get('/api/dev/outbox', (c) => c.json({ items: outboxFor(c) }))
  .get('/dev/outbox', (c) => c.html(renderOutbox(outboxFor(c))));

function outboxFor(c: Context<AppEnv>): SentMail[] {
  // In production it never exists: behind a proxy on the same host every request looks local.
  if (c.var.deps.config.isProduction) throw new AppError('NOT_FOUND');
  const messages = c.var.deps.outbox();
  if (!messages || !isLoopback(clientIp(c))) throw new AppError('NOT_FOUND');
  return messages;
}

function renderOutbox(messages: SentMail[]): string {
  const items = [...messages]
    .reverse()
    .map(
      (m) => `<li>
  <p><strong>${escape(m.subject)}</strong><br>to ${escape(m.to)} · ${escape(m.created_at)}</p>
  ${m.link ? `<p><a href="${escape(m.link)}">${escape(m.link)}</a></p>` : ''}
  ${(m.attachments ?? []).map((a) => `<p>Attached: ${escape(a.filename)} (${escape(a.content_type)})</p>`).join('')}
  <pre>${escape(m.text)}</pre>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Gona dev outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a2e1a}li{border-bottom:1px solid #d4e4d4;padding:1rem 0;list-style:none}ul{padding:0}a{color:#15803d;word-break:break-all}pre{white-space:pre-wrap;background:#f4f8f4;padding:.75rem;border-radius:.5rem}</style>
</head>
<body>
<h1>Development outbox</h1>
<p>Mail Gona would have sent, newest first. Set SMTP_URL to send real mail. Reload to see new messages.</p>
${messages.length ? `<ul>${items}</ul>` : '<p>No mail yet.</p>'}
</body>
</html>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
