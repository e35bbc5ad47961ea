import { PDF_FONT, renderPdf } from '../../lib/pdf';

/** What a receipt says, already in the words and formats it prints (days on the farm's clock). */
export type ReceiptFacts = {
  receiptNumber: string;
  paidOn: string;
  farmName: string;
  /** The year paid for, first and last day. */
  period: string;
  channel: string;
  /** The person whose checkout it was; null for a renewal Paystack charged by itself. */
  paidBy: string | null;
  renewal: boolean;
  reference: string;
  amount: string;
  vat: string;
  vatPercent: string;
  gona: { address: string; email: string; site: string };
};

/**
 * A Gona Pro receipt as an A4 PDF, with the reports' fonts and setup (lib/pdf.ts): Gona's details,
 * the receipt number, the farm, the year paid for, the amount with the VAT inside it, and how, when
 * and by whom it was paid.
 */
export function renderReceiptPdf(facts: ReceiptFacts): Promise<Buffer> {
  const lines: [string, string][] = [
    ['Receipt number', facts.receiptNumber],
    ['Date paid', facts.paidOn],
    ['Farm', facts.farmName],
    ['For', `Gona Pro, one year: ${facts.period}`],
    [
      'Paid by',
      facts.paidBy
        ? `${facts.paidBy}, ${facts.channel}`
        : facts.renewal
          ? `${facts.channel} (renewed by card)`
          : facts.channel,
    ],
    ['Payment reference', facts.reference],
    ['Amount paid', facts.amount],
    [`Of which VAT (${facts.vatPercent})`, facts.vat],
  ];
  return renderPdf({
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    info: { title: `Gona receipt ${facts.receiptNumber}`, creator: 'Gona' },
    defaultStyle: { font: PDF_FONT, fontSize: 10, lineHeight: 1.25 },
    content: [
      { text: 'Gona', fontSize: 22, bold: true, color: '#14532d' },
      { text: 'Farm management and marketplace for Nigerian farmers', color: '#44403c' },
      ...[facts.gona.address, `${facts.gona.email} · ${facts.gona.site}`]
        .filter((line) => line.trim() !== '')
        .map((text) => ({ text, color: '#44403c' })),
      { text: 'Receipt', fontSize: 18, bold: true, margin: [0, 24, 0, 12] },
      {
        table: {
          widths: ['40%', '*'],
          body: lines.map(([label, value]) => {
            const total = label === 'Amount paid';
            return [
              { text: label, bold: true },
              { text: value, bold: total, fontSize: total ? 13 : 10 },
            ];
          }),
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: 'The amount includes VAT. Gona Pro is billed yearly and can be cancelled at any time; time already paid is not refunded.',
        margin: [0, 16, 0, 0],
        color: '#44403c',
      },
    ],
  });
}
