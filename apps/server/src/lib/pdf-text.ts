import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it (Type0 fonts with a ToUnicode map, hex strings shown with
 * Tj and TJ), page by page: enough for a test to read a report back without poppler on the
 * machine. Not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const match of raw.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const at = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (at >= 0) {
      dict = body.slice(0, at);
      const start = body[at + 6] === '\r' ? at + 8 : at + 7;
      const end = body.lastIndexOf('endstream');
      const bytes = Buffer.from(body.slice(start, end), 'latin1');
      stream = /FlateDecode/.test(dict) ? inflateSync(bytes) : bytes;
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  const cmapOf = (fontRef: number): Map<string, string> => {
    const font = objects.get(fontRef);
    const ref = /\/ToUnicode (\d+) 0 R/.exec(font?.dict ?? '');
    const map = new Map<string, string>();
    const text = ref ? (objects.get(Number(ref[1]))?.stream?.toString('latin1') ?? '') : '';
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
      for (const [, code, unicode] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
        map.set(code!.toLowerCase(), utf16(unicode!.replace(/\s/g, '')));
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
      for (const [, from, to, rest] of block[1]!.matchAll(
        /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
      )) {
        const first = parseInt(from!, 16);
        const last = parseInt(to!, 16);
        // A ligature maps to several letters: <0066 0069> is "fi".
        const targets = rest!.startsWith('[')
          ? [...rest!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((m) => m[1]!.replace(/\s/g, ''))
          : null;
        for (let code = first; code <= last; code += 1) {
          const key = code.toString(16).padStart(from!.length, '0');
          const target = targets
            ? targets[code - first]!
            : (parseInt(rest!.slice(1, -1), 16) + code - first).toString(16).padStart(4, '0');
          map.set(key, utf16(target));
        }
      }
    return map;
  };
  const fonts = new Map<string, Map<string, string>>();
  for (const { dict } of objects.values())
    for (const block of dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g))
      for (const [, name, ref] of block[1]!.matchAll(/\/(\w+) (\d+) 0 R/g))
        if (!fonts.has(name!)) fonts.set(name!, cmapOf(Number(ref)));

  const pages: string[] = [];
  for (const { dict } of objects.values()) {
    if (!/\/Type \/Page\b/.test(dict)) continue;
    const contents = /\/Contents (\d+) 0 R/.exec(dict);
    const stream = contents ? objects.get(Number(contents[1]))?.stream?.toString('latin1') : undefined;
    if (!stream) continue;
    let cmap = new Map<string, string>();
    let text = '';
    let y: string | null = null;
    // Each run of words is placed on its own (Tm): a new y is a new line.
    for (const token of stream.matchAll(
      /[\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ [\d.-]+ ([\d.-]+) Tm|\/(\w+) [\d.]+ Tf|(\[[^\]]*\]) TJ|<([0-9a-fA-F]*)> Tj/g,
    )) {
      if (token[1] !== undefined) {
        if (y !== null && token[1] !== y) text += '\n';
        y = token[1];
      } else if (token[2]) cmap = fonts.get(token[2]) ?? new Map<string, string>();
      else if (token[3])
        for (const hex of token[3].matchAll(/<([0-9a-fA-F]*)>/g)) text += decode(hex[1]!, cmap);
      else if (token[4] !== undefined) text += decode(token[4], cmap);
    }
    pages.push(text);
  }
  return pages;
}

function decode(hex: string, cmap: Map<string, string>): string {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += cmap.get(hex.slice(i, i + 4).toLowerCase()) ?? '';
  return out;
}

function utf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}
