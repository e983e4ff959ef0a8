// openapi/portal.yaml PersonName: a letter first, then letters, marks, spaces, dots, apostrophes
// or hyphens, at most 50 characters. Email and password rules come from @portal/auth.
const PERSON_NAME = /^\p{L}[\p{L}\p{M} .'-]*$/u;

export const PERSON_NAME_MAX_LENGTH = 50;

export function isValidPersonName(value: string): boolean {
  return value.length <= PERSON_NAME_MAX_LENGTH && PERSON_NAME.test(value);
}
