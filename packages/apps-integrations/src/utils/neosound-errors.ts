import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { problemCode } from '@portal/api-client';
import { problemText } from '@portal/forms';

const neosoundMessages = {
  neosound_failed: msg`Neosound could not be reached or refused the request. Please try again later.`,
  neosound_unavailable: msg`Neosound is not set up for your organisation yet. Ask your administrator.`,
  neosound_not_enabled: msg`Enable Neosound in Apps first.`,
};

/** The text of a failed Neosound call: Neosound's own troubles in words, else the usual problem text. */
export function neosoundErrorText(error: unknown, i18n: I18n): string {
  const code = problemCode(error);
  return code && code in neosoundMessages ? i18n._(neosoundMessages[code as keyof typeof neosoundMessages]) : problemText(error, i18n);
}
