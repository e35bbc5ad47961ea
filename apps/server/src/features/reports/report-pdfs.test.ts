import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@gona/shared/notifications';
import type { Page } from '@gona/shared/pagination';
import type { ReportPdf, ReportPdfPage } from '@gona/shared/reports';
import { farm_subscriptions, report_pdfs } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { createTestContext, type TestContext } from '../../test/context';
import { seedFarmTeam, type FarmTeam } from '../../test/farm-team';
import { pdfText } from '../../lib/pdf-text';
import { buildQueuedReportPdfs, PDF_NEEDS_PRO } from './report-pdfs.service';

/**
 * A PDF report asked for on the screen: refused on Free with the way to Pro, made by the job on
 * Pro (not in the request), listed with the farm's past reports, downloaded behind the farm's access
 * check, and its asker told once.
 */

let t: TestContext;
let team: FarmTeam;
const PERIOD = { from: '2026-03-01', to: '2026-03-31' };

beforeAll(async () => {
  // The job builds every queued PDF in the database, so this file keeps a database of its own.
  t = await createTestContext({}, { ownDatabase: true });
  team = await seedFarmTeam(t);
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
});

const ask = (who: keyof FarmTeam['cookies'], body: Record<string, unknown> = { id: newId(), ...PERIOD }) =>
  t.request<ReportPdf>('POST', `${team.base}/reports/pdfs`, { cookie: team.cookies[who], body });
const list = (who: keyof FarmTeam['cookies'] = 'owner') =>
  t.request<ReportPdfPage>('GET', `${team.base}/reports/pdfs`, { cookie: team.cookies[who] });
const jobDeps = () => ({ db: t.db, storage: t.deps.storage, logger: t.deps.logger, now: t.deps.now });

describe('PDF reports', () => {
  it('tells a Free farm that PDFs come with Pro, and keeps nothing', async () => {
    const res = await ask('owner');
    expect(res.status).toBe(402);
    expect(res.text).toContain(PDF_NEEDS_PRO);
    expect((await list()).body).toEqual({ items: [], next_cursor: null, pdf_allowed: false });
  });

  it('on Pro, is made by the job, listed, downloaded as a PDF and told to its asker once', async () => {
    await t.db.insert(farm_subscriptions).values({
      farm_id: team.farm.id,
      state: 'active',
      method: 'one_year',
      period_end: new Date(t.deps.now() + 365 * 24 * 3600 * 1000),
    });
    const id = newId();
    const asked = await ask('manager', { id, ...PERIOD });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({
      id,
      status: 'queued',
      url: null,
      scope: 'farm',
      scope_name: team.farm.name,
    });
    // Asked again with the same id (a retry): the same request, not a second PDF.
    expect((await ask('manager', { id, ...PERIOD })).body.id).toBe(id);

    expect(await buildQueuedReportPdfs(jobDeps())).toBe(1);
    expect(await buildQueuedReportPdfs(jobDeps())).toBe(0);
    const listed = (await list()).body;
    expect(listed.pdf_allowed).toBe(true);
    const [ready] = listed.items;
    expect(ready).toMatchObject({ id, status: 'ready' });
    expect(ready!.url).toMatch(/^\/api\/farms\/.+\/files\/.+/);
    expect(ready!.bytes).toBeGreaterThan(1000);
    expect(ready!.bytes).toBeLessThan(1_000_000);

    const file = await t.request('GET', ready!.url!, { cookie: team.cookies.owner });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(file.bytes).join('\n');
    expect(text).toContain(team.farm.name);
    expect(text).toContain('₦45,000.50');
    expect(text).toContain('01/03/2026 to 31/03/2026');
    // A worker reads no money: not the PDF, not the list.
    expect((await t.request('GET', ready!.url!, { cookie: team.cookies.worker })).status).toBe(403);
    expect((await list('worker')).status).toBe(403);

    const bell = await t.request<Page<Notification>>('GET', '/api/notifications', {
      cookie: team.cookies.manager,
    });
    const told = bell.body.items.filter((n) => n.kind === 'report_ready');
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(`The report of ${team.farm.name} is ready`);
  });

  it('refuses those who do not keep the money, another farm, and malformed periods', async () => {
    expect((await ask('viewer')).status).toBe(403);
    expect((await ask('worker')).status).toBe(403);
    expect((await ask('stranger')).status).toBe(404);
    expect((await t.request('POST', `${team.base}/reports/pdfs`, { body: PERIOD })).status).toBe(401);
    const backwards = await ask('owner', { id: newId(), from: '2026-03-31', to: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('The end of the period cannot be before its start');
  });

  it('marks a PDF that could not be made as failed, in plain words', async () => {
    const id = newId();
    expect((await ask('owner', { id, ...PERIOD })).status).toBe(201);
    const broken = {
      ...jobDeps(),
      storage: { ...t.deps.storage, put: () => Promise.reject(new Error('disk full')) },
    };
    expect(await buildQueuedReportPdfs(broken)).toBe(0);
    const [row] = await t.db.select().from(report_pdfs).where(eq(report_pdfs.id, id));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row!.failure).toContain('Ask for it again');
  });
});
