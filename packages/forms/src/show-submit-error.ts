import type { I18n } from '@lingui/core';
import { problemFieldCodes, topLevelFieldOf } from '@portal/api-client';
import { notify } from '@portal/ui-kit';
import { fieldErrorText, problemText } from './problem-text';

/**
 * Server field errors of a failed submit, translated and keyed by the form's own fields
 * (`roles.0` becomes `roles`). Errors for fields the form does not show are left out so the
 * caller can fall back to a notice.
 */
export function serverFieldErrors<Field extends string>(error: unknown, fields: readonly Field[], i18n: I18n): Partial<Record<Field, string>> {
  const codes = problemFieldCodes(error, topLevelFieldOf(fields));
  return Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, fieldErrorText(code, i18n)])) as Partial<Record<Field, string>>;
}

export type ShowSubmitErrorOptions = {
  /** The form path of a server field (`iceServers.video.0.url` → `video.0.url`), or null when the form does not show it. */
  pathOf: (field: string) => string | null;
  /** The text of a field error code; `fieldErrorText` by default. */
  textOf?: (code: string, i18n: I18n) => string;
  /** The notice text when no field error lands on the form; `problemText` by default. */
  snackbarText?: (error: unknown, i18n: I18n) => string;
};

/**
 * Shows a failed submit of a @mantine/form form: the server's field errors under their fields
 * (the first per field), or, when none lands on the form, the problem as a notice.
 */
export function showSubmitError(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown, i18n: I18n, { pathOf, textOf = fieldErrorText, snackbarText = problemText }: ShowSubmitErrorOptions) {
  const codes = Object.entries(problemFieldCodes(error, pathOf));
  if (codes.length > 0) form.setErrors(Object.fromEntries(codes.map(([path, code]) => [path, textOf(code, i18n)])));
  else notify.error(snackbarText(error, i18n));
}
