import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportLink, ReportLinkList, ReportPdf, ReportPdfPage } from '@gona/shared/reports';
import { farm_subscriptions } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { pdfText } from '../../lib/pdf-text';
import { buildQueuedReportPdfs } from './report-pdfs.service';

/**
 * A link a farm gives a lender: it opens that PDF and nothing else, with no session, until it
 * expires or is taken back; every opening is counted for the farm.
 */

let t: TestContext;
let team: FarmTeam;
let pdf: ReportPdf;

beforeAll(async () => {
  t = await createTestContext({}, { ownDatabase: true });
  team = await seedFarmTeam(t);
  await t.db.insert(farm_subscriptions).values({
    farm_id: team.farm.id,
    state: 'active',
    method: 'one_year',
    period_end: new Date(t.deps.now() + 365 * 24 * 3600 * 1000),
  });
  await t.request('POST', `${team.base}/expenses`, {
    cookie: team.cookies.owner,
    body: {
      id: newId(),
      date: '2026-03-05',
      category: 'feed',
      amount_kobo: 4_500_050,
      payment_method: 'cash',
    },
  });
  await t.request('POST', `${team.base}/reports/pdfs`, {
    cookie: team.cookies.owner,
    body: { id: newId(), from: '2026-03-01', to: '2026-03-31' },
  });
  await buildQueuedReportPdfs({ db: t.db, storage: t.deps.storage, logger: t.deps.logger, now: t.deps.now });
  const list = await t.request<ReportPdfPage>('GET', `${team.base}/reports/pdfs`, {
    cookie: team.cookies.owner,
  });
  pdf = list.body.items[0]!;
});

const share = (days: number, who: keyof FarmTeam['cookies'] = 'owner', pdfId = pdf.id) =>
  t.request<ReportLink>('POST', `${team.base}/reports/pdfs/${pdfId}/links`, {
    cookie: team.cookies[who],
    body: { days },
  });
const open = (link: ReportLink) => t.request('GET', new URL(link.url!).pathname);
const links = () =>
  t.request<ReportLinkList>('GET', `${team.base}/report-links`, { cookie: team.cookies.owner });

describe('a report shared with a lender', () => {
  it('opens the PDF with no session, counts each opening, and stops when it expires', async () => {
    const made = await share(7);
    expect(made.status, made.text).toBe(201);
    expect(made.body.url).toMatch(/\/api\/shared-reports\/[A-Za-z0-9_-]{43}$/);
    const first = await open(made.body);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('cache-control')).toContain('no-store');
    expect(pdfText(first.bytes).join('\n')).toContain('₦45,000.50');
    expect((await open(made.body)).status).toBe(200);

    const listed = (await links()).body.items.find((l) => l.id === made.body.id)!;
    expect(listed).toMatchObject({ openings: 2, revoked_at: null });
    expect(listed.last_opened_at).not.toBeNull();
    // The list never shows the secret again.
    expect(listed.url).toBeUndefined();

    t.clock.advance(7 * 24 * 3600 + 1);
    const late = await open(made.body);
    expect(late.status).toBe(404);
    expect(late.text).toContain('Ask the farm for a new one');
  });

  it('stops at once when the farm takes it back', async () => {
    const made = (await share(30)).body;
    expect((await open(made)).status).toBe(200);
    const revoked = await t.request<ReportLink>('POST', `${team.base}/report-links/${made.id}/revoke`, {
      cookie: team.cookies.manager,
      body: { version: made.version },
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    expect((await open(made)).status).toBe(404);
  });

  it('is made only for this farm’s ready PDFs, by those who keep the money, for 7 to 90 days', async () => {
    expect((await share(6)).status).toBe(400);
    expect((await share(91)).text).toContain('at most 90 days');
    expect((await share(30, 'viewer')).status).toBe(403);
    expect((await share(30, 'worker')).status).toBe(403);
    expect((await share(30, 'stranger')).status).toBe(404);
    expect((await share(30, 'owner', newId())).status).toBe(404);
    expect((await t.request('GET', '/api/shared-reports/not-a-token')).status).toBe(400);
    expect((await t.request('GET', `/api/shared-reports/${'a'.repeat(43)}`)).status).toBe(404);
  });
});
