import type { I18n } from '@lingui/core';
import { messageForFieldError } from '@portal/i18n';
import { showSubmitError } from '@portal/forms';
import { profileMessages } from '../profile-messages';

/**
 * Puts the server's field errors under the form's fields (by the server's field name, renamed
 * where the form differs, with the section's `own` texts for some codes); anything else is the
 * spec's 'Failed, try again'.
 */
export function showSaveError(error: unknown, form: { setErrors: (errors: Record<string, string>) => void }, i18n: I18n, fields: Record<string, string>, own: Record<string, string> = {}) {
  showSubmitError(form, error, i18n, {
    pathOf: (field) => (Object.hasOwn(fields, field) ? (fields[field] ?? null) : null),
    textOf: (code) => own[code] ?? messageForFieldError(code, i18n),
    snackbarText: () => i18n._(profileMessages.failed),
  });
}
