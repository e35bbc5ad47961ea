import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';

/**
 * The one pdfmake setup every PDF Gona makes shares (reports, receipts): DejaVu Sans embedded (₦,
 * and Hausa's ɓ ɗ ƙ ƴ and Yoruba's ẹ ọ ṣ, which the standard PDF fonts lack), put in pdfmake's
 * virtual file system once, with URL and local file access both refused, so nothing is read from
 * the network or the disk while a document is laid out.
 */

export const PDF_FONT = 'DejaVuSans';
let fontsReady = false;

function loadFonts(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const files = {
    'DejaVuSans.ttf': require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
    'DejaVuSans-Bold.ttf': require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  };
  for (const [name, path] of Object.entries(files)) pdfmake.virtualfs.writeFileSync(name, readFileSync(path));
  pdfmake.addFonts({
    [PDF_FONT]: {
      normal: 'DejaVuSans.ttf',
      bold: 'DejaVuSans-Bold.ttf',
      italics: 'DejaVuSans.ttf',
      bolditalics: 'DejaVuSans-Bold.ttf',
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  fontsReady = true;
}

/** A pdfmake document definition as PDF bytes, in DejaVu Sans. */
export async function renderPdf(definition: Record<string, unknown>): Promise<Buffer> {
  loadFonts();
  return pdfmake.createPdf(definition).getBuffer();
}
