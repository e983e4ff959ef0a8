import { describe, expect, it } from 'vitest';
import { csvLine, neutraliseFormula, parseCsv, restoreFormula } from '../src/kernel/csv.ts';

describe('parseCsv', () => {
  it('reads quoted cells with commas, escaped quotes and line breaks', () => {
    const { records, error } = parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\r\n');
    expect(error).toBeNull();
    expect(records).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['x, y', 'say "hi"\nthere'] },
    ]);
  });

  it('accepts LF, CRLF and a final line without break, and drops a UTF-8 BOM', () => {
    const { records } = parseCsv('\uFEFFemail,role\nA@x.io,admin\r\nb@x.io,member');
    expect(records.map((r) => r.cells)).toEqual([
      ['email', 'role'],
      ['A@x.io', 'admin'],
      ['b@x.io', 'member'],
    ]);
  });

  it('skips blank lines but keeps counting them, so row numbers match the spreadsheet', () => {
    const { records } = parseCsv('h\n\nfirst\n\n\nsecond\n');
    expect(records).toEqual([
      { row: 1, cells: ['h'] },
      { row: 3, cells: ['first'] },
      { row: 6, cells: ['second'] },
    ]);
  });

  it('keeps empty cells, including a quoted empty one', () => {
    expect(parseCsv('a,,""\n').records[0]!.cells).toEqual(['a', '', '']);
  });

  it('reports an unterminated quoted cell with its row', () => {
    const { error } = parseCsv('h\nok\n"open,cell\nmore');
    expect(error).toEqual({ row: 3, code: 'unterminated_quote' });
  });
});

describe('formula neutralisation', () => {
  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])('prefixes %j with an apostrophe', (cell) => {
    expect(neutraliseFormula(cell)).toBe(`'${cell}`);
  });

  it('leaves ordinary text alone', () => {
    expect(neutraliseFormula('Zoë')).toBe('Zoë');
    expect(neutraliseFormula('')).toBe('');
  });

  it('round-trips through restoreFormula', () => {
    for (const cell of ['=cmd|/C calc!A0', '-x@y.io', "'plain", 'plain']) {
      expect(restoreFormula(neutraliseFormula(cell))).toBe(cell);
    }
  });
});

describe('csvLine', () => {
  it('quotes cells with separators and neutralises formulas before quoting', () => {
    expect(csvLine(['a,b', 'say "hi"', '=HYPERLINK("http://evil")', 'x\ny'])).toBe(
      '"a,b","say ""hi""","\'=HYPERLINK(""http://evil"")","x\ny"\r\n',
    );
  });

  it('writes what parseCsv reads back', () => {
    const cells = ['Ann, Jr', 'quote "q"', 'multi\r\nline', 'plain'];
    expect(parseCsv(csvLine(cells)).records[0]!.cells).toEqual(cells);
  });
});
