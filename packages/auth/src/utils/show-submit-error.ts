import type { I18n } from '@lingui/core';
import { isApiError } from '@portal/api-client';
import { notify } from '@portal/ui-kit';
import { fieldErrorText, problemText } from './api-error-text';

export type ShowSubmitErrorOptions = {
  /** The form path of a server field (`iceServers.video.0.url` → `video.0.url`), or null when the form does not show it. */
  pathOf: (field: string) => string | null;
  /** The text of a field error code; `fieldErrorText` by default. */
  textOf?: (code: string, i18n: I18n) => string;
  /** The snackbar text when no field error lands on the form; `problemText` by default. */
  snackbarText?: (error: unknown, i18n: I18n) => string;
};

/**
 * Shows a failed submit of a @mantine/form form: the server's field errors under their fields
 * (the first per field), or, when none lands on the form, the problem as a snackbar.
 */
export function showSubmitError(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown, i18n: I18n, { pathOf, textOf = fieldErrorText, snackbarText = problemText }: ShowSubmitErrorOptions) {
  const errors: Record<string, string> = {};
  if (isApiError(error)) {
    for (const { field, code } of error.errors) {
      const path = pathOf(field);
      if (path && errors[path] === undefined) errors[path] = textOf(code, i18n);
    }
  }
  if (Object.keys(errors).length > 0) form.setErrors(errors);
  else notify.error(snackbarText(error, i18n));
}
