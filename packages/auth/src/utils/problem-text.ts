import type { I18n } from '@lingui/core';
import { isApiError } from '@portal/api-client';
import { messageForFieldError, messageForProblem, problemMessages } from '@portal/i18n';

/** The snackbar text for a failed call: the problem code's message, or the generic failure. */
export function problemText(error: unknown, i18n: I18n): string {
  return messageForProblem(isApiError(error) ? error.code : undefined, i18n);
}

/**
 * The text under a field for a server field (or import row) error code. `email_exists` is a
 * problem code the server also reports per field, with the spec's own wording.
 */
export function fieldErrorText(code: string, i18n: I18n): string {
  return code === 'email_exists' ? i18n._(problemMessages.email_exists) : messageForFieldError(code, i18n);
}

/**
 * Server field errors of a failed submit, translated and keyed by the form's own fields
 * (`roles.0` becomes `roles`). Errors for fields the form does not show are left out so the
 * caller can fall back to a snackbar. A bare `email_exists` problem lands on `email`.
 */
export function serverFieldErrors<Field extends string>(error: unknown, fields: readonly Field[], i18n: I18n): Partial<Record<Field, string>> {
  if (!isApiError(error)) return {};
  const known = new Set<string>(fields);
  const result: Partial<Record<Field, string>> = {};
  for (const { field, code } of error.errors) {
    const name = field.split('.')[0] ?? field;
    if (known.has(name) && result[name as Field] === undefined) result[name as Field] = fieldErrorText(code, i18n);
  }
  if (error.code === 'email_exists' && known.has('email') && result['email' as Field] === undefined) {
    result['email' as Field] = fieldErrorText('email_exists', i18n);
  }
  return result;
}
