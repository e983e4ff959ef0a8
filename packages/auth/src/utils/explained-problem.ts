import type { I18n } from '@lingui/core';
import { isApiError } from '@portal/api-client';
import { messageForProblem } from '@portal/i18n';

// Answers whose own message tells a visitor of any sign-in page what to do: wait a moment, or
// come back after the platform's maintenance.
const EXPLAINED = new Set(['rate_limited', 'maintenance']);

/** The translated text of such an answer, or null for the page's own failure message. */
export function explainedProblemText(error: unknown, i18n: I18n): string | null {
  return isApiError(error) && EXPLAINED.has(error.code) ? messageForProblem(error.code, i18n) : null;
}
