// The expand/contract rule of CONTRIBUTING.md ("Migrations between releases"), as a check of a
// migration's SQL: while the next release migrates, replicas of the previous one go on serving on
// the new schema, so a migration may only add to what that release reads and writes. A statement
// that takes something away from it or tightens it is "contracting", and allowed only in a
// migration carrying the reviewed marker
//     -- contract: unused since <version>
// naming the release whose code stopped using what the migration drops or changes (a release
// already listed in releases.json: every replica still running is of that release or later).

export type Contraction = { statement: string; why: string };

/** What takes something away from the previous release's server, by the SQL that does it. */
const contracting: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bdrop\s+(table|view|materialized\s+view|type|function|schema|sequence)\b/i, why: 'drops what the previous release may read or write' },
  { pattern: /\bdrop\s+column\b/i, why: 'drops a column the previous release may read or write' },
  { pattern: /\brename\b/i, why: 'renames what the previous release names' },
  { pattern: /\bset\s+not\s+null\b/i, why: 'makes a column required that the previous release may leave empty' },
  { pattern: /\bdrop\s+default\b/i, why: 'drops a default the previous release relies on when it leaves the column out' },
  { pattern: /\badd\s+(constraint\s+\S+\s+)?(check|unique|foreign\s+key|primary\s+key)\b/i, why: 'adds a constraint the previous release\'s writes may break' },
  { pattern: /\bcreate\s+unique\s+index\b/i, why: 'adds a unique index the previous release\'s writes may break' },
];

const alterColumnType = /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/i;
/** ADD COLUMN ... NOT NULL with no DEFAULT: the previous release's inserts leave it out and fail. */
const requiredColumn = /\badd\s+column\b(?=[\s\S]*\bnot\s+null\b)(?![\s\S]*\b(default|generated)\b)/i;

/** A marker: `-- contract: unused since 0.2.0`, anywhere in the file. */
const marker = /^--\s*contract:\s*unused since\s+(\d+\.\d+\.\d+)\b/im;

/** The version a migration's marker names, or null. */
export function contractMarker(sqlText: string): string | null {
  return marker.exec(sqlText)?.[1] ?? null;
}

/** The statements of a migration file, comments left out (Drizzle separates them by `--> statement-breakpoint`, hand-written ones by `;`). */
export function statements(sqlText: string): string[] {
  const code = sqlText
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    // A function's body between dollar quotes is not the migration's own DDL.
    .replace(/\$([a-z_]*)\$[\s\S]*?\$\1\$/gi, "''");
  return code
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const unquoted = (name: string | undefined) => name?.replace(/"/g, '').replace(/^public\./, '') ?? null;
const name = String.raw`("?[\w.]+"?(?:\."?\w+"?)?)`;
/** The table a statement changes (`ALTER TABLE [IF EXISTS] [ONLY] "x"`, `CREATE [UNIQUE] INDEX ... ON "x"`), or null. */
const targetTable = (statement: string) =>
  unquoted(new RegExp(String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${name}`, 'i').exec(statement)?.[1]) ??
  unquoted(new RegExp(String.raw`^create\s+(?:unique\s+)?index\b.*?\bon\s+(?:only\s+)?${name}`, 'i').exec(statement)?.[1]);
const namesOf = (all: string[], pattern: RegExp) => new Set(all.map((statement) => unquoted(pattern.exec(statement)?.[1])).filter((found): found is string => !!found));
const createdTables = (all: string[]) => namesOf(all, new RegExp(String.raw`^create\s+table\s+(?:if\s+not\s+exists\s+)?${name}`, 'i'));
const droppedIndexes = (all: string[]) => namesOf(all, new RegExp(String.raw`^drop\s+index\s+(?:concurrently\s+)?(?:if\s+exists\s+)?${name}`, 'i'));
/** `table.column` of every column the migration adds to an existing table. */
const addedColumns = (all: string[]) =>
  new Set(
    all.flatMap((statement) => {
      const table = targetTable(statement);
      const column = /\badd\s+column\s+(?:if\s+not\s+exists\s+)?"?(\w+)"?/i.exec(statement)?.[1];
      return table && column ? [`${table}.${column}`] : [];
    }),
  );
/** The columns a key, a foreign key or an index is on (its first parenthesised list), or null for an expression. */
const keyColumns = (statement: string): string[] | null => {
  const list = /\b(?:foreign\s+key|unique|primary\s+key|using\s+\w+|\bon\s+(?:only\s+)?"?[\w.]+"?)\s*\(([^()]*)\)/i.exec(statement)?.[1];
  if (!list) return null;
  const columns = list.split(',').map((part) => /^\s*"?(\w+)"?\s*$/.exec(part)?.[1]);
  return columns.every(Boolean) ? (columns as string[]) : null;
};
const createdIndex = (statement: string) => unquoted(new RegExp(String.raw`^create\s+unique\s+index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?${name}`, 'i').exec(statement)?.[1]);

/**
 * The contracting statements of one migration. What a migration does to a table it creates itself
 * (Drizzle adds a new table's foreign keys by ALTER TABLE) takes nothing from the previous release,
 * nor does a unique index made again under the name of one the migration drops (a new INCLUDE list),
 * nor a key or index on columns the migration adds.
 */
export function contractions(sqlText: string): Contraction[] {
  const all = statements(sqlText);
  const created = createdTables(all);
  const replaced = droppedIndexes(all);
  const added = addedColumns(all);
  const found: Contraction[] = [];
  for (const statement of all) {
    const table = targetTable(statement);
    if (table && created.has(table)) continue;
    const index = createdIndex(statement);
    if (index && replaced.has(index)) continue;
    // A key on columns the previous release does not know yet (added here, nullable or with a default) binds none of its writes.
    const keyed = keyColumns(statement);
    if (table && keyed && !/\badd\s+column\b/i.test(statement) && keyed.every((column) => added.has(`${table}.${column}`))) continue;
    if (/^create\s+table\b/i.test(statement)) continue;
    if (alterColumnType.test(statement)) {
      found.push({ statement, why: 'changes a column\'s type the previous release reads and writes' });
      continue;
    }
    if (requiredColumn.test(statement)) {
      found.push({ statement, why: 'adds a required column without a default: the previous release\'s inserts leave it out' });
      continue;
    }
    const rule = contracting.find(({ pattern }) => pattern.test(statement));
    if (rule) found.push({ statement, why: rule.why });
  }
  return found;
}

export type MigrationVerdict = { tag: string; contractions: Contraction[]; marker: string | null; problem: string | null };

/**
 * One migration judged by the rule: its contractions are allowed when its marker names a release
 * of `released`; a marker naming anything else is a problem too (a typo, a release not yet cut).
 */
export function judgeMigration(tag: string, sqlText: string, released: readonly string[]): MigrationVerdict {
  const found = contractions(sqlText);
  const named = contractMarker(sqlText);
  let problem: string | null = null;
  if (named !== null && !released.includes(named)) {
    problem = `${tag}: its marker names ${named}, which is not a release of releases.json (${released.join(', ')})`;
  } else if (found.length > 0 && named === null) {
    problem = `${tag} contracts the schema while the previous release still serves on it:\n${found.map((c) => `  ${c.statement}\n    (${c.why})`).join('\n')}\nExpand now and contract in a later release, or mark a reviewed contraction "-- contract: unused since <release>" (CONTRIBUTING.md).`;
  }
  return { tag, contractions: found, marker: named, problem };
}
