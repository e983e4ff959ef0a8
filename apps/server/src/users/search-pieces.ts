// A search for a term that crosses separators ("emma.kim", "nguyen.1"), read from
// `user_search_words` in email order. Each user it matches has a word ending with the term's first
// piece, words equal to its middle pieces and a word starting with its last one. Up to two of those
// pieces (anchors) are followed through their words' users in email order by leapfrogging: the
// next user of one anchor from where the other stopped, by an index seek each, so only the users
// both anchors share are visited, and each of them is checked against the whole term. The walk
// stops at a page of matches, at the end of the anchors' users, or after `stepCap` steps, when the
// general search (queries.ts) answers instead.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../kernel/db/types.ts';
import type { ListUsersInput } from './queries.ts';
import { MAX_TERM_WORDS, piecesOf, TRIGRAM_LENGTH, WORD_SEPARATOR } from './search-words.ts';
import { likeLiteral, likePattern } from '../kernel/db/like.ts';

/**
 * Leapfrog steps before the general search takes over: two per row of the page, and a few more.
 * "emma.kim" and "nguyen.1" fill a page of 26 in about 30; a term whose anchors' shared users
 * mostly fail it ("jonas.costa.4": every "jonas.costa" before the fours) gives up after about
 * 1.5 ms on PostgreSQL, and is rare enough for the trigram read.
 */
export const stepCap = (limit: number) => 2 * limit + 10;

/** Where in a word a piece of the term must be. */
type Piece = { text: string; at: 'end' | 'whole' | 'start' };

/** The term's pieces that can lead the walk, best first: whole words, then the longest. */
export function anchorsOf(q: string): Piece[] {
  const parts = piecesOf(q);
  const pieces = parts.flatMap((text, index): Piece[] => {
    if (text === '') return [];
    const at = index === 0 ? 'end' : index === parts.length - 1 ? 'start' : 'whole';
    // A piece looked up through the trigram index needs a trigram; a whole word is looked up by its key.
    return at === 'whole' || [...text].length >= TRIGRAM_LENGTH ? [{ text, at }] : [];
  });
  return pieces.sort((a, b) => Number(b.at === 'whole') - Number(a.at === 'whole') || [...b.text].length - [...a.text].length);
}

const patternOf = ({ text, at }: Piece) => (at === 'end' ? `%${likeLiteral(text)}` : at === 'start' ? `${likeLiteral(text)}%` : likeLiteral(text));

/** Whether the pieces answer this search: a term with a separator, sorted by email ascending, without the status filter. */
export function piecesAnswer(input: ListUsersInput): boolean {
  const q = input.q ?? '';
  return WORD_SEPARATOR.test(q) && input.sort.field === 'email' && !input.sort.descending && !input.status && anchorsOf(q).length > 0;
}

/** The words of each anchor (in anchorsOf's order), at most MAX_TERM_WORDS + 1 each. */
async function anchorWords(tx: Database, tenantId: string, anchors: Piece[]): Promise<string[][]> {
  const rows = rowsOf<{ i: string | number; word: string }>(
    await tx.execute(sql`
      select p.i, v.word from unnest(${sql.param(anchors.map(patternOf))}::text[]) with ordinality as p(pattern, i)
      cross join lateral (
        select word from user_search_vocabulary where tenant_id = ${tenantId} and word like lower(p.pattern) limit ${MAX_TERM_WORDS + 1}
      ) v`),
  );
  const words = anchors.map((): string[] => []);
  for (const row of rows) words[Number(row.i) - 1]?.push(row.word);
  return words;
}

/** The first user of `words` from `key` on (after it when `strict`), by email: one index seek per word. */
function seek(tenantId: string, words: string[], key: SQL, strict: SQL): SQL {
  const first = (word: SQL) => sql`
    select s.email, s.user_id from user_search_words s
    where s.tenant_id = ${tenantId} and s.word = ${word} and s.email >= ${key} and (not ${strict} or s.email > ${key})
    order by s.email limit 1`;
  // One word (most anchors) is the seek alone, without the merge around it: half the cost of a step.
  if (words.length === 1) return first(sql`${words[0]}::text`);
  return sql`
    select s.email, s.user_id from unnest(${sql.param(words)}::text[]) as w(word)
    cross join lateral (${first(sql`w.word`)}) s
    order by s.email limit 1`;
}

/**
 * The ids of the search's page in list order; [] when an anchor is in no word (nobody matches);
 * null when no anchor is in few enough words or the walk reached `cap` steps. Call only when `piecesAnswer(input)`.
 */
export async function searchPageByPieces(tx: Database, input: ListUsersInput, cap = stepCap(input.limit)): Promise<string[] | null> {
  const q = input.q ?? '';
  const looked = await anchorWords(tx, input.tenantId, anchorsOf(q));
  if (looked.some((words) => words.length === 0)) return [];
  const usable = looked.filter((words) => words.length <= MAX_TERM_WORDS);
  const a = usable[0];
  if (!a) return null;
  const b = usable[1] ?? a;
  const start = input.after?.field === 'email' ? input.after.email : '';
  // Each step seeks the next user of A from the key, then the next user of B from there: the same
  // user means a candidate (checked against the whole term, then passed), another means B's
  // user is where A seeks next.
  const rows = rowsOf<{ user_id: string | null; hit: boolean; n: number }>(
    await tx.execute(sql`
      with recursive leap(key, strict, user_id, hit, n) as (
        select ${start}::text, ${start !== ''}::boolean, null::uuid, false, 0
        union all
        select next.key, next.strict, a.user_id, next.hit, l.n + 1
        from leap l
        cross join lateral (${seek(input.tenantId, a, sql`l.key`, sql`l.strict`)}) a
        cross join lateral (${seek(input.tenantId, b, sql`a.email`, sql`false`)}) b
        cross join lateral (
          select b.email as key, a.email = b.email as strict,
            a.email = b.email and exists (
              select 1 from users u where u.tenant_id = ${input.tenantId} and u.email = a.email and u.search_text like lower(${likePattern(q)})
            ) as hit
        ) next
        where l.n < ${cap}
      )
      select user_id, hit, n from leap where hit or n >= ${cap} limit ${input.limit}`),
  );
  if (rows.some((row) => Number(row.n) >= cap)) return null;
  return rows.map((row) => row.user_id as string);
}
