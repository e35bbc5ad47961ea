import { startFakePaystack } from '../integrations/fake-paystack';

/**
 * The fake Paystack on its own, for offline development, printing each webhook it sends:
 *
 *   npm run payments:fake -w @gona/server -- 4030 <the app's Paystack webhook URL>
 *
 * Its own file because the server's bundle includes fake-paystack.ts (npm start uses the stand-in
 * when no key is set), and inside a bundle every module sees itself as the entry point.
 */
const port = Number(process.argv[2] ?? 4030);
const webhookUrl = process.argv[3] ?? null;
const fake = await startFakePaystack({
  port,
  webhookUrl,
  onWebhook: (d) => console.log(`Webhook ${d.event} → ${webhookUrl}: ${d.attempts.at(-1)}`),
});
console.log(
  `Fake Paystack at ${fake.url}: set PAYSTACK_BASE_URL=${fake.url} PAYSTACK_SECRET_KEY=${fake.secretKey}` +
    (webhookUrl
      ? `\nWebhooks go to ${webhookUrl}`
      : '\nNo webhooks sent: give the app’s webhook URL as the second argument'),
);
