// The spec's failure text of the catalogue screens: "'Failed, Try Again..!!' on any failed create,
// edit or delete" of products and plans, with what went wrong beneath it.
import type { I18n } from '@lingui/core';
import { problemFieldCodes } from '@portal/api-client';
import { commonMessages } from '@portal/i18n';
import { notify } from '@portal/ui-kit';
import { catalogueFieldErrorText, catalogueProblemText } from './catalogue-labels';

/** 'Failed, Try Again..!!' with `reason` beneath it; alone when the reason is no more than that text. */
export function notifyCatalogueFailure(reason: string, i18n: I18n): void {
  const failed = i18n._(commonMessages.failedTryAgain);
  if (!reason || reason === failed) notify.error(failed);
  else notify.error(reason, failed);
}

/** A failed call of a catalogue list (delete, disable, enable): the failure text and the server's refusal. */
export function showCatalogueFailure(error: unknown, i18n: I18n): void {
  notifyCatalogueFailure(catalogueProblemText(error, i18n), i18n);
}

/**
 * A failed save of a catalogue form: the server's field errors under their fields (the first per
 * field), and the failure text naming them as the reason, or the server's refusal when none is a
 * field the form shows.
 */
export function showCatalogueSubmitError(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown, i18n: I18n, pathOf: (field: string) => string | null): void {
  const fields = Object.entries(problemFieldCodes(error, pathOf)).map(([path, code]) => [path, catalogueFieldErrorText(code, i18n)] as const);
  if (fields.length === 0) {
    showCatalogueFailure(error, i18n);
    return;
  }
  form.setErrors(Object.fromEntries(fields));
  notifyCatalogueFailure([...new Set(fields.map(([, text]) => text))].join(' '), i18n);
}
