import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer, createSmtpMailer, mails, type MailAttachment } from './email';

/**
 * Mail with a file: the dev outbox keeps it, and SMTP sends it as a MIME part a mail program opens
 * (through a small SMTP server that speaks the protocol's few commands and keeps what it is sent).
 */

const pdf = Buffer.from('%PDF-1.7\n₦ report\n%%EOF', 'utf8');
const attachment: MailAttachment = {
  filename: 'Green Acres report 2026-11-01 to 2026-11-30.pdf',
  content_type: 'application/pdf',
  content_base64: pdf.toString('base64'),
};
const message = mails.notification(
  'ada@example.ng',
  'Ada',
  { title: 'Green Acres in 11/2026', body: 'Money in ₦0', url: 'https://gona.ng/dashboard/reports' },
  'https://gona.ng/dashboard/settings/notifications',
  'en',
  [attachment],
);

let server: Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((socket) => {
    let data = false;
    let body = '';
    let buffered = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let at: number;
      while ((at = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received.push(body);
            body = '';
            reply('250 OK queued');
          } else body += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) reply('250 localhost');
        else if (/^DATA/i.test(line)) {
          data = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (/^QUIT/i.test(line)) {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mail with a file', () => {
  it('says the file is there, and the dev outbox keeps it', async () => {
    expect(message.text).toContain(`Attached: ${attachment.filename}`);
    const outbox = createOutboxMailer();
    await outbox.send(message);
    expect(outbox.outbox()![0]!.attachments).toEqual([attachment]);
    const plain = mails.notification('ada@example.ng', 'Ada', { title: 't', body: 'b', url: 'u' }, 's');
    expect(plain.attachments).toBeUndefined();
    expect(plain.text).not.toContain('Attached');
  });

  it('goes by SMTP as a PDF part with its name and the same bytes', async () => {
    const smtp = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Gona <no-reply@gona.ng>');
    await smtp.send(message);
    expect(received).toHaveLength(1);
    const raw = received[0]!;
    const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)![1]!;
    const part = raw.split(`--${boundary}`).find((p) => /Content-Type: application\/pdf/i.test(p))!;
    expect(part).toMatch(/Content-Disposition: attachment;/i);
    expect(part.replace(/\r\n\s+/g, ' ')).toContain('Green Acres report 2026-11-01 to 2026-11-30.pdf');
    expect(part).toMatch(/Content-Transfer-Encoding: base64/i);
    const encoded = part.split('\r\n\r\n').slice(1).join('').replace(/\s/g, '');
    expect(Buffer.from(encoded, 'base64').equals(pdf)).toBe(true);
  });
});
