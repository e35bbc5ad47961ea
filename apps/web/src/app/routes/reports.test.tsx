import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ReportSchema, type Report } from '@gona/shared/reports';
import { aFarm, FARM_ID } from '@/test/fixtures';
import { installFakeFetch, signedInRoutes } from '@/test/fake-fetch';
import { renderAt } from '@/test/render';

const REPORTS = `/api/farms/${FARM_ID}/reports`;

const report = (withMoney: boolean): Report =>
  ReportSchema.parse({
    from: '2026-11-01',
    to: '2026-11-30',
    time_zone: 'Africa/Lagos',
    scope: { kind: 'farm', id: null, name: 'Green Acres' },
    farm: { name: 'Green Acres', location: 'Kano', state: 'Kano', size: 4, size_unit: 'hectare' },
    ...(withMoney
      ? {
          money: {
            income_kobo: 5_000_000,
            costs_kobo: 4_500_050,
            margin_kobo: 499_950,
            costs_by_category: [{ category: 'feed', total_kobo: 4_500_050 }],
            enterprises: [],
            cash: [{ month: '2026-11', in_kobo: 5_000_000, out_kobo: 4_500_050 }],
            owed: { to_farm_kobo: 0, by_farm_kobo: 0 },
          },
          marketplace: null,
        }
      : {}),
    production: {
      eggs: 420,
      eggs_cracked: 0,
      hen_day_percent: 84.8,
      milk_litres: '0',
      fish_kg: '0',
      fish_count: 0,
      harvest_kg: '0',
      by_month: [{ month: '2026-11', eggs: 420, milk_litres: '0', fish_kg: '0', harvest_kg: '0' }],
    },
    livestock: null,
    crops: null,
    inventory: {
      supplies: [],
      ran_low: 0,
      ...(withMoney ? { value: { start_kobo: 0, end_kobo: 0, used_kobo: 0 } } : {}),
    },
    work: {
      tasks: { due: 2, done: 1, done_late: 1, skipped: 0, open_late: 0, open: 0 },
      by_type: [{ type: 'feeding', due: 2, done: 1, done_late: 1, skipped: 0 }],
    },
  });

const PDF = {
  id: '0190a000-0000-7000-8000-00000000000a',
  from: '2026-11-01',
  to: '2026-11-30',
  scope: 'farm',
  scope_name: 'Green Acres',
  status: 'ready',
  url: `/api/farms/${FARM_ID}/files/0190a000-0000-7000-8000-00000000000b`,
  bytes: 40_000,
  created_at: '2026-11-28T10:00:00.000Z',
};
const LINK = {
  id: '0190a000-0000-7000-8000-00000000000c',
  pdf_id: PDF.id,
  expires_at: '2099-01-01T10:00:00.000Z',
  revoked_at: null,
  openings: 2,
  last_opened_at: '2026-11-28T11:00:00.000Z',
  created_at: '2026-11-28T10:30:00.000Z',
  version: 1,
};

function routes(role: 'owner' | 'worker', pdfAllowed: boolean) {
  return {
    ...signedInRoutes([aFarm({ id: FARM_ID, name: 'Green Acres', role })]),
    [`GET ${REPORTS}`]: { status: 200, body: report(role === 'owner') },
    [`GET ${REPORTS}/pdfs`]: {
      status: 200,
      body: { items: pdfAllowed ? [PDF] : [], next_cursor: null, pdf_allowed: pdfAllowed },
    },
    [`GET /api/farms/${FARM_ID}/report-links`]: { status: 200, body: { items: [LINK] } },
    [`POST ${REPORTS}/pdfs/${PDF.id}/links`]: {
      status: 201,
      body: {
        ...LINK,
        id: '0190a000-0000-7000-8000-00000000000d',
        openings: 0,
        last_opened_at: null,
        url: 'https://gona.ng/api/shared-reports/abc',
      },
    },
    [`GET /api/farms/${FARM_ID}/crops`]: { status: 200, body: { items: [], next_cursor: null } },
    [`GET /api/farms/${FARM_ID}/livestock`]: { status: 200, body: { items: [], next_cursor: null } },
  };
}

describe('the reports screen', () => {
  it('shows an owner on Free the money, the figures and the way to Pro for the PDF', async () => {
    installFakeFetch(routes('owner', false));
    renderAt('/dashboard/reports');
    const money = await screen.findByRole('region', { name: 'Money' });
    expect(within(money).getAllByText('₦45,000.50').length).toBeGreaterThan(0);
    expect(within(money).getByRole('link', { name: 'Open money' })).toHaveAttribute(
      'href',
      '/dashboard/expenses',
    );
    expect(screen.getByText('84.8 %')).toBeInTheDocument();
    const pdf = screen.getByRole('region', { name: 'PDF report for lenders' });
    expect(within(pdf).getByRole('link', { name: 'See Gona Pro' })).toHaveAttribute(
      'href',
      '/dashboard/subscription',
    );
    expect(within(pdf).queryByRole('button')).toBeNull();
  });

  it('offers a Pro owner the PDF of the period, its past PDFs and links for a lender', async () => {
    installFakeFetch(routes('owner', true));
    renderAt('/dashboard/reports');
    expect(await screen.findByRole('button', { name: 'Make a PDF of this period' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', PDF.url);
    expect(await screen.findByText(/Opened 2 times, last on 28\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take back' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Share with a lender' }));
    expect(await screen.findByLabelText('Link to the PDF')).toHaveValue(
      'https://gona.ng/api/shared-reports/abc',
    );
  });

  it('gives a worker the counts and no money, no marketplace and no PDF', async () => {
    installFakeFetch(routes('worker', false));
    renderAt('/dashboard/reports');
    expect(await screen.findByRole('region', { name: 'Production' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Money' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'PDF report for lenders' })).toBeNull();
    expect(document.body.textContent).not.toContain('₦');
  });
});
