// The text of a refused purchase or upgrade: the server's field errors that the purchase screens
// explain in their own words (a bundle the plan does not offer, a change that is not an upgrade,
// licences the plan does not take), else the problem's text.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { problemCode, problemFieldCodes } from '@portal/api-client';
import { problemText } from '@portal/forms';

const purchaseFieldErrors: Record<string, MessageDescriptor> = {
  invalid_bundle: msg`This bundle cannot be bought with this plan in this currency and billing cycle.`,
  not_an_upgrade: msg`Choose a higher plan, more licences or more bundles.`,
  invalid_licenses: msg`This plan does not take this number of licences.`,
};

export function purchaseProblemText(error: unknown, i18n: I18n): string {
  const codes = Object.values(problemFieldCodes(error, (field) => field));
  const own = codes.map((code) => purchaseFieldErrors[code]).find((message) => message !== undefined);
  return own ? i18n._(own) : problemText(error, i18n);
}

const paymentProblems: Record<string, MessageDescriptor> = {
  invoice_not_open: msg`This invoice no longer waits for payment.`,
  payment_unavailable: msg`Card payments are not available. Pay by bank transfer, quoting the invoice number.`,
  payment_provider_unreachable: msg`The payment provider cannot be reached. The invoice stays open; please try again later.`,
};

/** The text of a refused Pay (payInvoice): the invoice paid meanwhile, card payments off or unreachable, else the problem's text. */
export function paymentProblemText(error: unknown, i18n: I18n): string {
  const own = paymentProblems[problemCode(error) ?? ''];
  return own ? i18n._(own) : problemText(error, i18n);
}
