// The contract's PersonName (openapi/portal.yaml): a letter first, then letters, marks, spaces,
// dots, apostrophes or hyphens; at most 50 characters, counted as JSON Schema's maxLength counts
// them (code points, so a name outside the Basic Multilingual Plane is not cut short).
const PERSON_NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'-]*$/u;

export const PERSON_NAME_MAX_LENGTH = 50;

/** Whether `value` is a first or last name the server accepts (the caller trims first where the form does). */
export function isValidPersonName(value: string): boolean {
  return [...value].length <= PERSON_NAME_MAX_LENGTH && PERSON_NAME_PATTERN.test(value);
}
