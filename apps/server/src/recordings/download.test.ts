import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange, safeFileName } from './download.ts';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-0', { kind: 'part', start: 0, end: 0 }],
    ['bytes=10-19', { kind: 'part', start: 10, end: 19 }],
    ['bytes=90-', { kind: 'part', start: 90, end: 99 }],
    ['bytes=90-500', { kind: 'part', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'part', start: 90, end: 99 }],
    ['bytes=-1000', { kind: 'part', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=100-200', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'whole' }],
    ['bytes=0-1,4-5', { kind: 'whole' }],
    ['pages=0-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('has nothing to give from an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('file names', () => {
  it('keeps names to safe ASCII and gives the UTF-8 one beside it', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('اجتماع')).toBe('recording');
    expect(contentDisposition('attachment', 'Weekly sync', 'webm')).toBe('attachment; filename="Weekly-sync.webm"; filename*=UTF-8\'\'Weekly%20sync.webm');
    expect(contentDisposition('attachment', 'plain', 'ogg')).toBe('attachment; filename="plain.ogg"');
    expect(contentDisposition('inline', 'a"b\r\nc', 'webm')).not.toMatch(/[\r\n]|a"b/);
  });
});
