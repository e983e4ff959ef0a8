import type { I18n } from '@lingui/core';
import { isApiError } from '@portal/api-client';
import { messageForFieldError } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { profileMessages } from '../profile-messages';

type FormWithErrors = { setFieldError: (path: string, error: string) => void };

/**
 * Puts the server's field errors under the form's fields (by the server's field name, renamed
 * where the form differs); anything else is the spec's 'Failed, try again'.
 */
export function showSaveError(error: unknown, form: FormWithErrors, i18n: I18n, fields: Record<string, string>, own: Record<string, string> = {}) {
  if (isApiError(error)) {
    const codes = error.fieldCodes();
    const known = Object.entries(codes).filter(([field]) => field in fields);
    if (known.length > 0) {
      for (const [field, code] of known) form.setFieldError(fields[field]!, own[code] ?? messageForFieldError(code, i18n));
      return;
    }
  }
  notify.error(i18n._(profileMessages.failed));
}
