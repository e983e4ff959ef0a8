// The spec's field rules for users, for input that does not pass through the OpenAPI request
// validation (rows of an imported CSV file). They mirror the schemas Email and PersonName.

// ajv-formats' "email" format, so a CSV row is judged exactly like a JSON body.
const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const personNamePattern = /^\p{L}[\p{L}\p{M} .'-]*$/u;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value);
}

export function isValidPersonName(value: string): boolean {
  return [...value].length <= 50 && personNamePattern.test(value);
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
