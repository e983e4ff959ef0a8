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
  | 'account_disabled'
  | 'too_many_attempts'
  | 'rate_limited'
  | 'email_exists'
  | 'csrf_failed'
  | 'file_too_large'
  | 'import_invalid'
  | 'owner_invalid'
  | 'token_invalid'
  | 'cannot_delete_self'
  | 'number_exists'
  | 'permission_not_held'
  | 'role_above_caller'
  | 'built_in_role'
  | 'role_assigned'
  | 'sname_exists'
  | 'smtp_exists'
  | 'user_limit_reached'
  | 'maintenance'
  | 'recording_address_refused'
  | 'no_files_available'
  | 'share_not_found'
  | 'share_expired'
  | 'share_revoked'
  | 'share_locked'
  | 'share_password_wrong'
  | 'share_password_required'
  | 'meeting_end_to_end_encrypted'
  | 'internal';

const sessionEnded = msg`Your session has ended. Please sign in again.`;
const numberExists = msg`This phone number already exists`;
const snameExists = msg`This subdomain is already taken`;

export const problemMessages: Record<ProblemCode, MessageDescriptor> = {
  validation_failed: msg`Please check the highlighted fields`,
  unauthenticated: sessionEnded,
  csrf_failed: sessionEnded,
  forbidden: msg`You do not have permission to do this.`,
  not_found: msg`Not found`,
  invalid_credentials: msg`Incorrect Email or Password`,
  account_disabled: msg`This account is disabled. Please contact your administrator.`,
  too_many_attempts: msg`Too many attempts. Please wait a few minutes and try again.`,
  rate_limited: msg`Too many requests. Please wait a moment and try again.`,
  email_exists: msg`Email already registered`,
  file_too_large: validationMessages.fileTooLarge1Mb,
  import_invalid: msg`The file has errors; nothing was imported.`,
  owner_invalid: msg`Choose a valid new owner`,
  token_invalid: msg`This link is invalid or has expired.`,
  cannot_delete_self: msg`You cannot delete your own account.`,
  number_exists: numberExists,
  permission_not_held: msg`You cannot grant a permission you do not hold yourself.`,
  role_above_caller: msg`This role does more than you may do: you cannot change it.`,
  built_in_role: msg`Built-in roles cannot be renamed or deleted.`,
  role_assigned: msg`This role is held by users.`,
  sname_exists: snameExists,
  smtp_exists: msg`This tenant already has an SMTP server`,
  user_limit_reached: msg`This tenant has reached its maximum number of users.`,
  // 503 from every call at a tenant while the platform's maintenance mode is on; also the login page's notice.
  maintenance: msg`The portal is down for maintenance. Please try again later.`,
  // Recordings: the recording settings' authorised address, a gone file, and share links.
  recording_address_refused: msg`Recordings are only available from the authorised network address.`,
  no_files_available: msg`No files available for download`,
  share_not_found: msg`This recording link does not exist. Check the link you were given.`,
  share_expired: msg`This recording link has expired.`,
  share_revoked: msg`This recording link was revoked by its owner.`,
  share_locked: msg`This recording link was locked after too many wrong passwords. Ask its owner for a new link.`,
  share_password_wrong: msg`The password is not correct.`,
  share_password_required: msg`Enter the password to watch this recording.`,
  // 409 for recording or transcription work on an end-to-end encrypted meeting (its media is ciphertext).
  meeting_end_to_end_encrypted: msg`This meeting is end-to-end encrypted: it is never recorded or transcribed.`,
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
  | 'invalid_value'
  | 'invalid_url'
  | 'invalid_uris'
  | 'invalid_version'
  | 'version_range'
  | 'end_before_start'
  | 'name_exists'
  | 'unknown_tenant'
  | 'invalid_min_users'
  | 'invalid_max_users'
  | 'invalid_media_node_name'
  | 'invalid_host'
  | 'invalid_port'
  | 'invalid_brokers'
  | 'invalid_topic'
  | 'invalid_mode_name'
  | 'invalid_auto_delete_days'
  | 'invalid_ip_range'
  | 'invalid_phone'
  | 'invalid_country'
  | 'number_exists'
  | 'invalid_content'
  | 'invalid_client'
  | 'reserved_name'
  | 'invalid_role_name'
  | 'invalid_permission'
  | 'permission_not_held'
  | 'permission_needs_role_group'
  | 'invalid_subdomain'
  | 'sname_exists'
  | 'forbidden_field'
  | 'tenant_dial_in_off'
  | 'tenant_dial_out_off'
  | 'invalid_expiry'
  | 'invalid_share_password';

export const fieldErrorMessages: Record<FieldErrorCode, MessageDescriptor> = {
  invalid_email: validationMessages.validEmail,
  invalid_first_name: validationMessages.firstName,
  invalid_last_name: validationMessages.lastName,
  weak_password: validationMessages.password,
  required: validationMessages.required,
  too_long: validationMessages.tooLong,
  invalid_role: validationMessages.role,
  invalid_value: validationMessages.value,
  invalid_url: validationMessages.url,
  invalid_uris: validationMessages.uris,
  invalid_version: msg`Enter a valid version, e.g. 2.1.0`,
  version_range: msg`The maximum version cannot be below the minimum version`,
  end_before_start: validationMessages.endBeforeStart,
  name_exists: msg`This name is already taken`,
  unknown_tenant: msg`Choose a valid tenant`,
  invalid_min_users: validationMessages.minUsers,
  invalid_max_users: validationMessages.maxUsers,
  invalid_media_node_name: validationMessages.mediaNodeName,
  invalid_host: msg`Enter a valid host name`,
  invalid_port: msg`Enter a valid port number`,
  invalid_brokers: msg`Enter brokers as host:port, separated by commas`,
  invalid_topic: msg`Enter a valid topic name`,
  invalid_mode_name: msg`Enter a valid mode name`,
  invalid_auto_delete_days: msg`Enter a number of days from 1 to 3650`,
  invalid_ip_range: msg`Enter a valid IP address or range`,
  invalid_phone: validationMessages.phone,
  invalid_country: msg`Choose a valid country`,
  number_exists: numberExists,
  invalid_content: validationMessages.content,
  invalid_client: validationMessages.client,
  reserved_name: msg`This name is reserved for a built-in role`,
  invalid_role_name: msg`Enter a valid role name (up to 50 characters)`,
  invalid_permission: msg`Choose valid permissions`,
  permission_not_held: msg`You cannot grant a permission you do not hold yourself.`,
  // A custom role is never in the super administrator's role group (server kernel/access/permissions.ts).
  permission_needs_role_group: msg`Only the super administrator role can hold this permission`,
  invalid_subdomain: validationMessages.subdomain,
  sname_exists: snameExists,
  forbidden_field: msg`Only the platform administrator can change this`,
  tenant_dial_in_off: msg`Dial in is switched off for this tenant`,
  tenant_dial_out_off: msg`Dial out is switched off for this tenant`,
  invalid_expiry: msg`Choose a time in the future, at most a year from now`,
  invalid_share_password: msg`Enter a password of 10 to 128 characters, with letters and digits`,
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
