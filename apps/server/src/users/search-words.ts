// A search for a term inside words, read from `user_search_words` (drizzle/0028): the page is the
// first matches by email among the users of the few words that contain the term, each word's users
// already in email order, so its cost is the page times the number of words, however many users
// match or wherever they sort. A term that crosses a separator ("emma.kim") is search-pieces.ts's;
// one shorter than a trigram, another sort, or the status filter go the general way (queries.ts, `searchPage`).
import { and, eq, sql } from 'drizzle-orm';
import { literalLimit } from '../kernel/db/keyset.ts';
import { userSearchVocabulary } from '../kernel/db/schema.ts';
import { rowsOf, type Database } from '../kernel/db/types.ts';
import type { ListUsersInput } from './queries.ts';
import { likePattern } from '../kernel/db/like.ts';

// ASCII other than letters and digits (control characters too): what splits `search_text` into
// words in the database (`portal_search_words`).
// eslint-disable-next-line no-control-regex -- control characters separate words there too
const separators = /[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/;

/** Whether the term holds a character that separates words. */
export const WORD_SEPARATOR = new RegExp(separators.source.slice(0, -1));

/** The term between its separators ("emma.kim" → "emma", "kim"; an empty piece where it starts or ends with one). */
export const piecesOf = (q: string): string[] => q.split(separators);

/**
 * The term's pieces too short for a trigram that follow a separator, with the separator before
 * them ("jonas.costa.4" → ".4"): pg_trgm reads such a piece as the start of a word ("  4"), which
 * the search's trigram read can ask its index for.
 */
export function shortWordStarts(q: string): string[] {
  const parts = q.split(new RegExp(`(${separators.source})`));
  // Pieces at even indexes, the separators between them at odd ones.
  return parts.flatMap((part, i) => (i >= 2 && i % 2 === 0 && part !== '' && [...part].length < TRIGRAM_LENGTH ? [`${(parts[i - 1] ?? '').slice(-1)}${part}`] : []));
}

/**
 * The most words a term's page is merged from. A term inside more words than this (a few digits
 * inside thousands of numbers) has few users per word, which the general search's trigram read
 * answers well.
 */
export const MAX_TERM_WORDS = 64;

/** pg_trgm looks a LIKE pattern up through its index only when the term has a trigram to look up. */
export const TRIGRAM_LENGTH = 3;

/**
 * Whether the words answer this search exactly: a term without a separator is inside a user's
 * `search_text` exactly when it is inside one of their words. Lower-casing keeps a character
 * a separator or not, so the term is checked as typed.
 */
export function wordsAnswer(input: ListUsersInput): boolean {
  const q = input.q ?? '';
  return [...q].length >= TRIGRAM_LENGTH && !WORD_SEPARATOR.test(q) && input.sort.field === 'email' && !input.status;
}

/**
 * The ids of the search's page in list order, or null when the term is inside more than
 * MAX_TERM_WORDS words. Call only when `wordsAnswer(input)`.
 */
export async function searchPageByWords(tx: Database, input: ListUsersInput): Promise<string[] | null> {
  const words = await tx
    .select({ word: userSearchVocabulary.word })
    .from(userSearchVocabulary)
    .where(and(eq(userSearchVocabulary.tenantId, input.tenantId), sql`${userSearchVocabulary.word} like lower(${likePattern(input.q ?? '')})`))
    .limit(literalLimit(MAX_TERM_WORDS + 1));
  if (words.length > MAX_TERM_WORDS) return null;
  if (words.length === 0) return [];
  const direction = sql.raw(input.sort.descending ? 'desc' : 'asc');
  const after = input.after?.field === 'email' ? sql`and s.email ${sql.raw(input.sort.descending ? '<' : '>')} ${input.after.email}` : sql``;
  // Each word's first page, then the first page of them all; a user in two of the words is there twice.
  const rows = await tx.execute(sql`
    select m.user_id from unnest(${sql.param(words.map((w) => w.word))}::text[]) as v(word)
    cross join lateral (
      select s.user_id, s.email from user_search_words s
      where s.tenant_id = ${input.tenantId} and s.word = v.word ${after}
      order by s.email ${direction} limit ${input.limit}
    ) m
    group by m.user_id, m.email
    order by m.email ${direction} limit ${input.limit}`);
  return rowsOf<{ user_id: string }>(rows).map((row) => row.user_id);
}
