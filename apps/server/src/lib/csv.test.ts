import { describe, expect, it } from 'vitest';
import { column, csvField } from './csv';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks and doubles inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('NPK, 50 kg')).toBe('"NPK, 50 kg"');
    expect(csvField('the "good" one')).toBe('"the ""good"" one"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
  });
});

describe('column', () => {
  type Row = { text: string | null; at: Date; day: string | null; kobo: number | null; unit: 'kg' | 't' };
  const row: Row = {
    text: '=SUM(A1)',
    at: new Date('2025-05-26T23:30:00Z'),
    day: '2026-03-04',
    kobo: 2_450_005,
    unit: 't',
  };
  const cell = (c: { cell: (row: Row, timeZone: string) => string }, r: Partial<Row> = {}) =>
    c.cell({ ...row, ...r }, 'Africa/Lagos');

  it('keeps text typed by people from running as a spreadsheet formula', () => {
    const text = column.text<Row>('Notes', (r) => r.text);
    expect(['=SUM(A1)', '+1', '-1', '@x', '\tx', 'fine', null].map((v) => cell(text, { text: v }))).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      'fine',
      '',
    ]);
    expect(cell(column.plain<Row>('Change', () => '-2'))).toBe('-2');
  });

  it("writes the app's words, the farm's local time, dd/mm/yyyy and naira", () => {
    expect(cell(column.words<Row, Row['unit']>('Unit', { kg: 'kg', t: 'tonnes' }, (r) => r.unit))).toBe(
      'tonnes',
    );
    expect(cell(column.time<Row>('Date', (r) => r.at))).toBe('27/05/2025 00:30');
    expect(cell(column.date<Row>('Expiry', (r) => r.day))).toBe('04/03/2026');
    expect(
      cell(
        column.date<Row>('Expiry', (r) => r.day),
        { day: null },
      ),
    ).toBe('');
    expect(cell(column.naira<Row>('Cost', (r) => r.kobo))).toBe('24500.05');
    expect(
      cell(
        column.naira<Row>('Cost', (r) => r.kobo),
        { kobo: null },
      ),
    ).toBe('');
  });
});
