import type { I18n } from '@lingui/core';
import { hasProblemCode, problemCode } from '@portal/api-client';
import { messageForFieldError, messageForProblem, problemMessages } from '@portal/i18n';

/** The notice text for a failed call: the problem code's message, or the generic failure. */
export function problemText(error: unknown, i18n: I18n): string {
  return messageForProblem(problemCode(error), i18n);
}

/** The problem code's message when the call answered one of `codes`, else null for the page's own failure text. */
export function problemTextFor(error: unknown, codes: Iterable<string>, i18n: I18n): string | null {
  return hasProblemCode(error, codes) ? problemText(error, i18n) : null;
}

// Answers whose own message tells a visitor of any sign-in page what to do: wait a moment, or
// come back after the platform's maintenance.
const EXPLAINED = ['rate_limited', 'maintenance'];

/** The translated text of such an answer, or null for the page's own failure message. */
export function explainedProblemText(error: unknown, i18n: I18n): string | null {
  return problemTextFor(error, EXPLAINED, i18n);
}

/**
 * The text under a field for a server field (or import row) error code. `email_exists` is a
 * problem code the server also reports per field, with the spec's own wording.
 */
export function fieldErrorText(code: string, i18n: I18n): string {
  return code === 'email_exists' ? i18n._(problemMessages.email_exists) : messageForFieldError(code, i18n);
}
