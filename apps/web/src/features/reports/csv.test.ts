import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ReportSchema, type Report } from '@gona/shared/reports';
import { reportZip, zipName } from './csv';

const words = ((key: string) => key.split(/[.:]/).pop()) as unknown as TFunction;

const base = {
  from: '2026-03-01',
  to: '2026-03-31',
  time_zone: 'Africa/Lagos',
  scope: { kind: 'farm', id: null, name: 'Ɓata Farms' },
  farm: { name: 'Ɓata Farms', location: 'Kano', state: 'Kano', size: 4, size_unit: 'hectare' },
  production: {
    eggs: 152,
    eggs_cracked: 3,
    hen_day_percent: 77.6,
    milk_litres: '0',
    fish_kg: '0',
    fish_count: 0,
    harvest_kg: '1900',
    by_month: [{ month: '2026-03', eggs: 152, milk_litres: '0', fish_kg: '0', harvest_kg: '1900' }],
  },
  livestock: null,
  crops: null,
  inventory: {
    supplies: [
      {
        id: '0190a000-0000-7000-8000-000000000001',
        name: '=Layer mash',
        unit: 'bag_25kg',
        start: '10',
        end: '12',
        received: '5',
        used: '3',
        ran_low: true,
      },
    ],
    ran_low: 1,
  },
  work: {
    tasks: { due: 1, done: 1, done_late: 0, skipped: 0, open_late: 0, open: 0 },
    by_type: [{ type: 'feeding', due: 1, done: 1, done_late: 0, skipped: 0 }],
  },
};

/** The zip's files as text (stored, so each file's bytes follow its local header). */
function filesOf(bytes: Uint8Array): Record<string, string> {
  const view = new DataView(bytes.buffer);
  const files: Record<string, string> = {};
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for (let at = 0; view.getUint32(at, true) === 0x04034b50;) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const name = decoder.decode(bytes.subarray(at + 30, at + 30 + nameLength));
    files[name] = decoder.decode(bytes.subarray(at + 30 + nameLength, at + 30 + nameLength + size));
    at += 30 + nameLength + size;
  }
  return files;
}

describe('the report’s tables as CSV', () => {
  it('holds no money for a reader who does not read it, and keeps text safe from formulas', () => {
    const report: Report = ReportSchema.parse(base);
    const files = filesOf(reportZip(report, words, new Date(2026, 3, 1)));
    expect(Object.keys(files)).toEqual(['production.csv', 'inventory.csv', 'tasks.csv']);
    expect(files['inventory.csv']).toBe(
      "\uFEFFname,unit,start,received,used,end,ranLow\r\n'=Layer mash,bag_25kg,10,5,3,12,yes\r\n",
    );
    expect(Object.values(files).join('')).not.toMatch(/value|₦|kobo/);
    expect(zipName(report)).toBe('Ɓata-Farms-2026-03-01-2026-03-31.zip');
  });

  it('writes naira as plain naira for the money tables', () => {
    const report = ReportSchema.parse({
      ...base,
      money: {
        income_kobo: 3_000_000,
        costs_kobo: 5_734_617,
        margin_kobo: -2_734_617,
        costs_by_category: [{ category: 'feed', total_kobo: 4_500_050 }],
        enterprises: [
          {
            kind: 'farm',
            id: null,
            name: null,
            income_kobo: 0,
            costs_kobo: 1_234_567,
            margin_kobo: -1_234_567,
          },
        ],
        cash: [{ month: '2026-03', in_kobo: 3_000_000, out_kobo: 5_734_617 }],
        owed: { to_farm_kobo: 0, by_farm_kobo: 0 },
      },
    });
    const files = filesOf(reportZip(report, words, new Date(2026, 3, 1)));
    expect(files['enterprises.csv']).toBe(
      '\uFEFFname,income,costs,margin\r\nƁata Farms,0.00,12345.67,-12345.67\r\n',
    );
    expect(files['cash.csv']).toBe('\uFEFFmonth,in,out\r\n2026-03,30000.00,57346.17\r\n');
  });
});
