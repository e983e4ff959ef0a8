// The server's PersonName rule (openapi/portal.yaml): a letter first, then letters, marks, spaces,
// dots, apostrophes or hyphens; at most 50 characters.
const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'-]*$/u;

export function isValidPersonName(value: string): boolean {
  return [...value].length <= 50 && PERSON_NAME_PATTERN.test(value);
}
