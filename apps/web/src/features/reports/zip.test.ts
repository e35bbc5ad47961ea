import { crc32 as nodeCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, zipFiles } from './zip';

/** Reads a zip back from its central directory, as an unzip tool does, checking each file's CRC. */
function readZip(bytes: Uint8Array): { name: string; text: string }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const files: { name: string; text: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataAt, dataAt + size);
    expect(nodeCrc32(data)).toBe(crc);
    files.push({ name, text: decoder.decode(data) });
    at += 46 + nameLength;
  }
  return files;
}

describe('the reports zip', () => {
  it('reads back the files it holds, with their words and naira signs', () => {
    const files = [
      { name: 'money.csv', text: '\uFEFFMonth,In (₦),Out (₦)\r\n03/2026,"30,000.00","57,346.17"\r\n' },
      { name: 'livestock.csv', text: 'Name,Heads\r\nƘwai ɗan ɓera ƴaƴa,90\r\n' },
      { name: 'empty.csv', text: '' },
    ];
    expect(readZip(zipFiles(files, new Date(2026, 2, 31, 14, 5, 8)))).toEqual(files);
  });

  it('sums as the standard CRC-32 does', () => {
    const bytes = new TextEncoder().encode('123456789');
    expect(crc32(bytes)).toBe(0xcbf43926);
    expect(crc32(bytes)).toBe(nodeCrc32(bytes));
  });
});
