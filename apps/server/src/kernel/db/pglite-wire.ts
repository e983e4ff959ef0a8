// The backend's answer to a batch of protocol messages, read from its bytes into PGlite's `Results`.
// PGlite's own parser makes an object per message and reads every field's bytes through private
// class fields (compiled to WeakMap lookups) and a copy: 10 to 15 % of the server's time under
// load. Here the bytes are read in place with Buffer, and only what pglite-client.ts needs is kept:
// each statement's rows, fields and command, the parameter types a describe answers, and the
// first error (a notice goes to `onNotice`, as PGlite does).
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';

type Parser = (value: string, type: number) => unknown;
export type Parsers = Record<number, Parser | undefined>;
type Field = { name: string; dataTypeID: number };

export type Answer = {
  results: Results[];
  /** The parameter types of a described statement (ParameterDescription). */
  parameterTypes: number[];
  /** The first ErrorResponse, as PGlite's DatabaseError. */
  error: messages.DatabaseError | null;
};

// Message types (the first byte of each backend message).
const ROW_DESCRIPTION = 0x54; // T
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const PARAMETER_DESCRIPTION = 0x74; // t
const ERROR_RESPONSE = 0x45; // E
const NOTICE_RESPONSE = 0x4e; // N

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** An ErrorResponse's or NoticeResponse's fields, by their one-letter codes. */
function noticeFields(bytes: Buffer, start: number, end: number): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && bytes[at] !== 0) {
    const zero = bytes.indexOf(0, at + 1);
    fields[String.fromCharCode(bytes[at] ?? 0)] = bytes.toString('utf8', at + 1, zero);
    at = zero + 1;
  }
  return fields;
}

function described<T extends messages.DatabaseError | messages.NoticeMessage>(message: T, fields: Record<string, string>): T {
  return Object.assign(message, {
    severity: fields.S,
    code: fields.C,
    detail: fields.D,
    hint: fields.H,
    position: fields.P,
    internalPosition: fields.p,
    internalQuery: fields.q,
    where: fields.W,
    schema: fields.s,
    table: fields.t,
    column: fields.c,
    dataType: fields.d,
    constraint: fields.n,
    file: fields.F,
    line: fields.L,
    routine: fields.R,
  });
}

function rowDescription(bytes: Buffer, start: number): Field[] {
  const count = bytes.readInt16BE(start);
  const fields: Field[] = [];
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const zero = bytes.indexOf(0, at);
    const name = bytes.toString('utf8', at, zero);
    // After the name: table oid (4), column number (2), type oid (4), size (2), modifier (4), format (2).
    fields.push({ name, dataTypeID: bytes.readUInt32BE(zero + 7) });
    at = zero + 19;
  }
  return fields;
}

/** Reads `raw`, the backend's bytes for one batch, into results as PGlite's `query` and `exec` answer them. */
export function readAnswer(raw: Uint8Array, parsers: Parsers, options: QueryOptions | undefined): Answer {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const own = options?.parsers as Parsers | undefined;
  const asArrays = options?.rowMode === 'array';
  const answer: Answer = { results: [], parameterTypes: [], error: null };
  let fields: Field[] = [];
  let typeParsers: (Parser | undefined)[] = [];
  let rows: unknown[] = [];
  let affectedRows = 0;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const length = bytes.readInt32BE(at + 1);
    const start = at + 5;
    const end = at + 1 + length;
    if (type === ROW_DESCRIPTION) {
      fields = rowDescription(bytes, start);
      typeParsers = fields.map((field) => own?.[field.dataTypeID] ?? parsers[field.dataTypeID]);
    } else if (type === DATA_ROW) {
      const count = bytes.readInt16BE(start);
      const row: unknown[] | Record<string, unknown> = asArrays ? new Array<unknown>(count) : {};
      let cell = start + 2;
      for (let i = 0; i < count; i++) {
        const size = bytes.readInt32BE(cell);
        cell += 4;
        let value: unknown = null;
        if (size >= 0) {
          const text = bytes.toString('utf8', cell, cell + size);
          const parse = typeParsers[i];
          value = parse ? parse(text, fields[i]?.dataTypeID ?? 0) : text;
          cell += size;
        }
        if (Array.isArray(row)) row[i] = value;
        else row[fields[i]?.name ?? String(i)] = value;
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      const words = bytes.toString('utf8', start, end - 1).split(' ');
      const command = words[0] ?? '';
      const count = Number.parseInt(words.at(-1) ?? '', 10);
      if (COUNTED.has(command)) affectedRows += count;
      answer.results.push({ rows, fields, command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) } as Results);
      fields = [];
      typeParsers = [];
      rows = [];
    } else if (type === PARAMETER_DESCRIPTION) {
      const count = bytes.readInt16BE(start);
      for (let i = 0; i < count; i++) answer.parameterTypes.push(bytes.readUInt32BE(start + 2 + 4 * i));
    } else if (type === ERROR_RESPONSE && !answer.error) {
      const found = noticeFields(bytes, start, end);
      answer.error = described(new messages.DatabaseError(found.M ?? 'unknown error', length, 'error'), found);
    } else if (type === NOTICE_RESPONSE && options?.onNotice) {
      const found = noticeFields(bytes, start, end);
      options.onNotice(described(new messages.NoticeMessage(length, found.M), found));
    }
    at = end;
  }
  if (answer.results.length === 0) answer.results.push({ affectedRows: 0, rows: [], fields: [] });
  return answer;
}
