import { present } from './db/present.ts';
// CSV as RFC 4180 writes it (quoted fields, doubled quotes, CRLF or LF line ends), plus what
// spreadsheets add: a UTF-8 byte order mark, and cells that would run as formulas when opened.

export type CsvRecord = { row: number; cells: string[] };
export type CsvParseResult = { records: CsvRecord[]; error: { row: number; code: 'unterminated_quote' } | null };

/**
 * Splits CSV text into records. `row` is the 1-based record number, which is the row a
 * spreadsheet shows (the header is row 1). Blank lines are skipped but still counted.
 */
export function parseCsv(text: string): CsvParseResult {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atCellStart = true;
  // A line holding only `""` is a record with one empty cell; a line holding nothing is blank.
  let lineHasContent = false;
  let row = 1;
  let i = 0;

  const endRecord = () => {
    cells.push(cell);
    if (lineHasContent) records.push({ row, cells });
    cells = [];
    cell = '';
    atCellStart = true;
    lineHasContent = false;
    row += 1;
  };

  while (i < input.length) {
    const ch = present(input[i], 'input[i]');
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else {
        cell += ch;
        i += 1;
      }
      continue;
    }
    if (ch === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
      lineHasContent = true;
      i += 1;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      atCellStart = true;
      lineHasContent = true;
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      atCellStart = false;
      lineHasContent = true;
      i += 1;
    }
  }
  if (quoted) return { records, error: { row, code: 'unterminated_quote' } };
  if (lineHasContent) endRecord();
  return { records, error: null };
}

const formulaStart = new Set(['=', '+', '-', '@', '\t', '\r']);

/** A cell that a spreadsheet would evaluate as a formula gets a leading apostrophe (OWASP CSV injection). */
export function neutraliseFormula(value: string): string {
  return value.length > 0 && formulaStart.has(present(value[0], 'value[0]')) ? `'${value}` : value;
}

/** Undoes `neutraliseFormula`, so an exported file imports back unchanged. */
export function restoreFormula(value: string): string {
  return value.length > 1 && value[0] === "'" && formulaStart.has(present(value[1], 'value[1]')) ? value.slice(1) : value;
}

function quoteCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (CRLF-terminated), every cell formula-neutralised and quoted where needed. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => quoteCell(neutraliseFormula(c))).join(',')}\r\n`;
}
