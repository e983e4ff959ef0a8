import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { commonMessages } from './common-messages';
import { validationMessages } from './validation-messages';

/** The stable `code` of the server's problem+json answers (openapi/portal.yaml). */
export type ProblemCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'invalid_credentials'
  | 'too_many_attempts'
  | 'rate_limited'
  | 'email_exists'
  | 'csrf_failed'
  | 'file_too_large'
  | 'import_invalid'
  | 'owner_invalid'
  | 'token_invalid'
  | 'cannot_delete_self'
  | 'internal';

const sessionEnded = msg`Your session has ended. Please sign in again.`;

export const problemMessages: Record<ProblemCode, MessageDescriptor> = {
  validation_failed: msg`Please check the highlighted fields`,
  unauthenticated: sessionEnded,
  csrf_failed: sessionEnded,
  forbidden: msg`You do not have permission to do this.`,
  not_found: msg`Not found`,
  invalid_credentials: msg`Incorrect Email or Password`,
  too_many_attempts: msg`Too many attempts. Please wait a few minutes and try again.`,
  rate_limited: msg`Too many requests. Please wait a moment and try again.`,
  email_exists: msg`Email already registered`,
  file_too_large: validationMessages.fileTooLarge1Mb,
  import_invalid: msg`The file has errors; nothing was imported.`,
  owner_invalid: msg`Choose a valid new owner`,
  token_invalid: msg`This link is invalid or has expired.`,
  cannot_delete_self: msg`You cannot delete your own account.`,
  internal: commonMessages.failedTryAgain,
};

/** The `code` of a field error inside a `validation_failed` problem. */
export type FieldErrorCode =
  | 'invalid_email'
  | 'invalid_first_name'
  | 'invalid_last_name'
  | 'weak_password'
  | 'required'
  | 'too_long'
  | 'invalid_role'
  | 'invalid_value';

export const fieldErrorMessages: Record<FieldErrorCode, MessageDescriptor> = {
  invalid_email: validationMessages.validEmail,
  invalid_first_name: validationMessages.firstName,
  invalid_last_name: validationMessages.lastName,
  weak_password: validationMessages.password,
  required: validationMessages.required,
  too_long: validationMessages.tooLong,
  invalid_role: validationMessages.role,
  invalid_value: validationMessages.value,
};

function lookup<K extends string>(
  table: Record<K, MessageDescriptor>,
  code: string | null | undefined,
): MessageDescriptor | undefined {
  // hasOwn, so that codes such as "constructor" never reach Object.prototype.
  return code != null && Object.hasOwn(table, code) ? table[code as K] : undefined;
}

/** The user's-language text for a problem code; unknown or missing codes get the generic failure. */
export function messageForProblem(code: string | null | undefined, i18n: I18n): string {
  return i18n._(lookup(problemMessages, code) ?? commonMessages.failedTryAgain);
}

/** The user's-language text for a field error code; unknown codes get 'Enter a valid value'. */
export function messageForFieldError(code: string | null | undefined, i18n: I18n): string {
  return i18n._(lookup(fieldErrorMessages, code) ?? validationMessages.value);
}
