import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';

/**
 * The one pdfmake setup every PDF Gona makes shares (reports, receipts): DejaVu Sans embedded (₦,
 * and Hausa's ɓ ɗ ƙ ƴ and Yoruba's ẹ ọ ṣ, which the standard PDF fonts lack), put in pdfmake's
 * virtual file system once, with URL and local file access both refused, so nothing is read from
 * the network while a document is laid out. Each font is kept in the virtual file system under its
 * own path on disk: pdfmake reads the text's font from there, and a chart's SVG text, which the SVG
 * renderer hands to PDFKit by that name, finds the same file (under a bare name it was not found,
 * and the chart's labels fell back to a standard font without ₦).
 */

export const PDF_FONT = 'DejaVuSans';
let fontsReady = false;

function loadFonts(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const normal = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
  const bold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
  for (const path of [normal, bold]) pdfmake.virtualfs.writeFileSync(path, readFileSync(path));
  pdfmake.addFonts({ [PDF_FONT]: { normal, bold, italics: normal, bolditalics: bold } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  fontsReady = true;
}

/** A pdfmake document definition as PDF bytes, in DejaVu Sans. */
export async function renderPdf(definition: Record<string, unknown>): Promise<Buffer> {
  loadFonts();
  return pdfmake.createPdf(definition).getBuffer();
}
