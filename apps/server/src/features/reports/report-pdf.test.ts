import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ReportSchema, type Report } from '@gona/shared/reports';
import { pdfText } from '../../lib/pdf-text';
import { renderReportPdf } from './report-pdf';

/**
 * The report's PDF read back: its text (₦ amounts, the Hausa letters of a farm's name), its pages
 * and their numbers. A PNG of the cover and the summary is kept in /tmp/shots when poppler's
 * pdftoppm is on the machine, to look at.
 */

const report = (overrides: Partial<Report> = {}): Report =>
  ReportSchema.parse({
    from: '2026-04-01',
    to: '2026-10-31',
    time_zone: 'Africa/Lagos',
    scope: { kind: 'farm', id: null, name: 'Gonar Ɗanƙwalƴa Ɓaki' },
    farm: {
      name: 'Gonar Ɗanƙwalƴa Ɓaki',
      location: 'Unguwar ɗan ɓera',
      state: 'Kano',
      size: 4.5,
      size_unit: 'hectare',
    },
    money: {
      income_kobo: 123_456_789,
      costs_kobo: 98_765_432,
      margin_kobo: 24_691_357,
      costs_by_category: [{ category: 'feed', total_kobo: 98_765_432 }],
      enterprises: [
        {
          kind: 'animal',
          id: '0190a000-0000-7000-8000-000000000001',
          name: 'Kajin ƙwai',
          income_kobo: 123_456_789,
          costs_kobo: 98_765_432,
          margin_kobo: 24_691_357,
        },
      ],
      cash: [
        { month: '2026-04', in_kobo: 10_000_000, out_kobo: 8_000_000 },
        { month: '2026-05', in_kobo: 12_000_000, out_kobo: 9_000_000 },
      ],
      owed: { to_farm_kobo: 500_000, by_farm_kobo: 0 },
    },
    production: {
      eggs: 52_000,
      eggs_cracked: 300,
      hen_day_percent: 77.6,
      milk_litres: '0',
      fish_kg: '0',
      fish_count: 0,
      harvest_kg: '1900',
      by_month: [
        { month: '2026-04', eggs: 25_000, milk_litres: '0', fish_kg: '0', harvest_kg: '0' },
        { month: '2026-05', eggs: 27_000, milk_litres: '0', fish_kg: '0', harvest_kg: '1900' },
      ],
    },
    livestock: {
      heads_start: 100,
      heads_end: 90,
      births: 0,
      bought: 0,
      deaths: 4,
      sold: 6,
      mortality_percent: 4.3,
      feed_kg: '50',
      animals: [
        {
          id: '0190a000-0000-7000-8000-000000000001',
          name: 'Kajin ƙwai',
          species: 'chicken_layer',
          heads_start: 100,
          heads_end: 90,
          births: 0,
          bought: 0,
          deaths: 4,
          sold: 6,
          mortality_percent: 4.3,
          feed_kg: '50',
          feed_conversion: 2.78,
          sold_kobo: 1_200_000,
        },
      ],
      vaccinations: { done: 2, late: 1, missed: 1, upcoming: 0 },
    },
    crops: { crops: [], stages: { on_time: 0, late: 0, not_recorded: 0 } },
    inventory: { supplies: [], ran_low: 0, value: { start_kobo: 0, end_kobo: 0, used_kobo: 0 } },
    work: {
      tasks: { due: 4, done: 1, done_late: 1, skipped: 1, open_late: 1, open: 0 },
      by_type: [{ type: 'vaccination', due: 4, done: 1, done_late: 1, skipped: 1 }],
    },
    marketplace: null,
    ...overrides,
  });

describe('the report as a PDF', () => {
  it('holds the farm, the period, naira amounts and Hausa letters, with numbered pages', async () => {
    const previous = report({ from: '2025-09-01', to: '2026-03-31' });
    // The charts' labels are drawn in the embedded font too: the SVG renderer warns when it cannot
    // open a font and falls back to a standard one, which has no ₦.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pdf = await renderReportPdf(report(), { previous, generatedAt: '01/11/2026 08:00' });
    expect(warn.mock.calls.map((call) => String(call[0])).filter((text) => /font/i.test(text))).toEqual([]);
    warn.mockRestore();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(1_000_000);
    const pages = pdfText(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const [cover, summary] = pages;
    expect(cover).toContain('Gonar Ɗanƙwalƴa Ɓaki');
    expect(cover).toContain('Unguwar ɗan ɓera, Kano');
    expect(cover).toContain('01/04/2026 to 31/10/2026');
    expect(cover).toContain('4.5 hectares');
    expect(summary).toContain('₦1,234,567.89');
    expect(summary).toContain('beside 01/09/2025 to 31/03/2026');
    const all = pages.join('\n');
    for (const letter of ['ɓ', 'ɗ', 'ƙ', 'ƴ', 'Ɓ', 'Ɗ', '₦']) expect(all).toContain(letter);
    expect(all).toContain('Kajin ƙwai');
    expect(all).toContain("Every figure comes from the farm's own records in Gona");
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));

    // To look at: the cover and the summary as PNG, when poppler is on this machine.
    const shots = '/tmp/shots';
    if (existsSync('/usr/bin/pdftoppm')) {
      mkdirSync(shots, { recursive: true });
      const file = join(tmpdir(), `gona-report-${process.pid}.pdf`);
      writeFileSync(file, pdf);
      writeFileSync(join(shots, 'report.pdf'), pdf);
      execFileSync('/usr/bin/pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '3',
        file,
        join(shots, 'report-page'),
      ]);
    }
  });

  it('leaves money out of a report that carries none (a worker’s)', async () => {
    const { money: _money, marketplace: _marketplace, ...rest } = report();
    const workerReport = ReportSchema.parse({
      ...rest,
      livestock: { ...rest.livestock!, animals: rest.livestock!.animals.map(({ sold_kobo: _s, ...a }) => a) },
      inventory: { supplies: [], ran_low: 0 },
    });
    const pdf = await renderReportPdf(workerReport, {
      previous: workerReport,
      generatedAt: '01/11/2026 08:00',
    });
    expect(pdfText(pdf).join('\n')).not.toContain('₦');
  });
});
