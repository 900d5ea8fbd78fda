import { describe, expect, it } from 'vitest';
import { wideTextEncodingOf } from './text-encoding.ts';

const CSV = 'sku,title,price\r\nA-1,Glock 19 Gen5 9mm,499.99\r\nB-2,Leupold VX-3HD 4.5-14x40,649.99\r\n';
const utf16le = Buffer.from(CSV, 'utf16le');
const utf16be = Buffer.from(CSV, 'utf16le').swap16();

describe('wideTextEncodingOf', () => {
  it.each([
    ['UTF-16 LE with its mark', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le]), 'UTF-16'],
    ['UTF-16 BE with its mark', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]), 'UTF-16'],
    ['UTF-16 LE without a mark', utf16le, 'UTF-16'],
    ['UTF-16 BE without a mark', utf16be, 'UTF-16'],
    ['UTF-32 LE with its mark', Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0]), 'UTF-32'],
    ['UTF-32 BE with its mark', Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x61]), 'UTF-32'],
    ['UTF-8', Buffer.from(CSV), null],
    ['UTF-8 with its mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV)]), null],
    ['Windows-1252', Buffer.from('sku,title\r\nA-1,Caf\xe9\r\n', 'latin1'), null],
    [
      'a ZIP archive (an Excel workbook)',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0, 0x08, 0]),
      null,
    ],
    ['a PNG image', Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), null],
    ['too short to tell', Buffer.from([0x61, 0]), null],
  ])('%s', (_what, data, expected) => {
    expect(wideTextEncodingOf(data)).toBe(expected);
  });
});
