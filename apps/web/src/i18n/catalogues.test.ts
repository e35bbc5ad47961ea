import { describe, expect, it } from 'vitest';

/**
 * A key written twice in a catalogue silently keeps only the last one (JSON.parse does), so a
 * screen shows another sentence than the one written for it. Each catalogue is read as text.
 */
const catalogues = import.meta.glob<string>('./en/*.json', { query: '?raw', import: 'default', eager: true });

/** The dotted paths of keys that appear twice in the same object. */
function duplicateKeys(text: string): string[] {
  const duplicates: string[] = [];
  const frames: { keys: Set<string> | null; path: string }[] = [];
  let lastKey = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const value = JSON.parse(text.slice(i, end + 1)) as string;
      i = end;
      let next = end + 1;
      while (/\s/.test(text[next] ?? '')) next++;
      const frame = frames.at(-1);
      if (text[next] === ':' && frame?.keys) {
        if (frame.keys.has(value)) duplicates.push(`${frame.path}${value}`);
        frame.keys.add(value);
        lastKey = value;
      }
    } else if (char === '{' || char === '[') {
      const parent = frames.at(-1);
      const path = parent ? `${parent.path}${parent.keys ? `${lastKey}.` : ''}` : '';
      frames.push({ keys: char === '{' ? new Set() : null, path });
    } else if (char === '}' || char === ']') {
      frames.pop();
    }
  }
  return duplicates;
}

describe('the English catalogues', () => {
  it('are all read', () => {
    expect(Object.keys(catalogues).length).toBeGreaterThan(10);
  });

  it.each(Object.entries(catalogues))('%s writes each key once', (_name, text) => {
    expect(duplicateKeys(text)).toEqual([]);
  });

  it('finds a key written twice, however deep', () => {
    expect(duplicateKeys('{"a": {"b": {"x": "1", "y": "2", "x": "3"}}, "c": ["x", "x"]}')).toEqual(['a.b.x']);
  });
});
