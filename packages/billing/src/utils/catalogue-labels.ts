// The words of the catalogue screens: limit kinds and units, the roles a plan grants, and the
// server's catalogue codes (field errors and refusals) in the reader's language.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { problemCode, type Schema } from '@portal/api-client';
import { fieldErrorText, problemText } from '@portal/forms';

export const limitKindLabels: Record<Schema<'LimitKind'>, MessageDescriptor> = {
  participants: msg`Participants per meeting`,
  meeting_duration: msg`Meeting duration`,
  meeting_minutes: msg`Meeting minutes`,
  concurrent_meetings: msg`Concurrent meetings`,
  recording_minutes: msg`Recording minutes`,
  storage_gb: msg`Storage (GB)`,
  webinar_attendees: msg`Webinar attendees`,
};

export const limitUnitLabels: Record<Schema<'LimitUnit'>, MessageDescriptor> = {
  Number: msg`Number`,
  Minutes: msg`Minutes`,
};

export const planRoleLabels: Record<Schema<'PlanRole'>, MessageDescriptor> = {
  tenantadmin: msg`Tenant administrator`,
  accountadmin: msg`Account administrator`,
  admin: msg`Administrator`,
  member: msg`Member`,
};

const catalogueFieldErrors: Record<string, MessageDescriptor> = {
  invalid_product_name: msg`Enter a valid product name`,
  invalid_plan_name: msg`Enter a valid plan name`,
  invalid_description: msg`Enter a valid description (up to 1000 characters)`,
  unknown_product: msg`Choose a product`,
  unknown_plan: msg`Choose existing plans`,
  invalid_currency: msg`Choose a currency`,
  unsupported_currency: msg`Choose a currency`,
  invalid_amount: msg`Enter a valid amount`,
  duplicate_price: msg`This currency already has a price for this billing cycle`,
  invalid_limit_value: msg`Enter a whole number`,
  invalid_limit_unit: msg`This limit is not counted in this unit`,
};

/** The text under a field for a server field error code, the catalogue's own codes included. */
export function catalogueFieldErrorText(code: string, i18n: I18n): string {
  const own = catalogueFieldErrors[code];
  return own ? i18n._(own) : fieldErrorText(code, i18n);
}

const catalogueProblems: Record<string, MessageDescriptor> = {
  product_in_use: msg`This product has plans and cannot be deleted. Disable it instead.`,
  plan_in_use: msg`Subscriptions use this plan, so it cannot be deleted. Disable it instead.`,
};

/** The notice text of a failed catalogue call: its refusal explained, else the spec's failure text. */
export function catalogueProblemText(error: unknown, i18n: I18n): string {
  const own = catalogueProblems[problemCode(error) ?? ''];
  return own ? i18n._(own) : problemText(error, i18n);
}
