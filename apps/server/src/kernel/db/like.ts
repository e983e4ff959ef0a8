// Search terms in LIKE and ILIKE patterns: the term's own `%`, `_` and `\` match themselves (the
// default escape character is the backslash), so "50%" finds "50%", not everything from "50".

/** The text as a LIKE literal: its wildcards escaped. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Matches values that contain the term anywhere. */
export const likePattern = (term: string) => `%${likeLiteral(term)}%`;
