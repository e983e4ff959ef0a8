import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '@portal/api-client';
import { validationMessages } from '@portal/i18n';
import { problemText } from '@portal/forms';

/** Spec texts of the two-factor setup, and this feature's own problem codes. */
export const twoFactorMessages = {
  passwordIncorrect: msg`Password incorrect, try again`,
  enterValidPassword: validationMessages.twoFactorPassword,
  enterCode: msg`Enter the 6-digit code`,
  codeInvalid: msg`Invalid code, try again`,
  enabled: msg`Two-factor authentication enabled`,
  disabled: msg`Two-factor authentication disabled`,
};

export const isSixDigits = (value: string) => /^\d{6}$/.test(value.trim());

/** Field and form messages for the answers of get2FA, enable2FA and disable2FA. */
export function twoFactorError(error: unknown, i18n: I18n): { field?: 'password' | 'code'; message: string } {
  if (isApiError(error) && error.code === 'password_incorrect') return { field: 'password', message: i18n._(twoFactorMessages.passwordIncorrect) };
  if (isApiError(error) && error.code === 'code_invalid') return { field: 'code', message: i18n._(twoFactorMessages.codeInvalid) };
  if (isApiError(error) && error.code === 'validation_failed' && error.errors.some((e) => e.field === 'code')) {
    return { field: 'code', message: i18n._(twoFactorMessages.enterCode) };
  }
  return { message: problemText(error, i18n) };
}
