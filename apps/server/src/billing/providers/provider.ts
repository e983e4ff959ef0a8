// A payment provider as the billing service uses it: start paying an invoice (a checkout page to
// send the browser to, or nothing for a bank transfer) and charge a renewal. Confirmation never
// comes from here or from the browser: manual payments are recorded by an administrator
// (manuelPay), Stripe's by its signed webhook (stripe-webhook.ts).

export type ProviderKind = 'manual' | 'stripe';

export type PayableInvoice = { id: string; number: string; total: number; currency: string; description: string };

export type CheckoutInput = {
  invoice: PayableInvoice;
  tenant: { id: string; name: string; customerId: string | null };
  /** Where the provider's page sends the browser back (payment-processing). */
  returnUrl: string;
};

export type CheckoutResult = {
  /** The provider's object paying the invoice (Stripe: the Checkout Session id), or null. */
  reference: string | null;
  redirectUrl: string | null;
  /** A customer the provider created for the tenant, to keep on the tenant (tenants.payment_customer_id). */
  customerId: string | null;
};

export type RenewalInput = { invoice: PayableInvoice; tenant: { id: string; customerId: string | null }; paymentMethodRef: string | null };

/** pending: nothing charged yet (bank transfer, or the provider confirms later by webhook). */
export type RenewalResult = { status: 'pending' | 'failed'; reference: string | null; failure: string | null };

export type PaymentProvider = {
  kind: ProviderKind;
  startCheckout: (input: CheckoutInput) => Promise<CheckoutResult>;
  chargeRenewal: (input: RenewalInput) => Promise<RenewalResult>;
  /** Closes the checkout started for an invoice since voided (`reference` from startCheckout), so it can no longer be paid; ProviderUnavailable when that fails. */
  expireCheckout?: (reference: string) => Promise<void>;
};

export class ProviderUnavailable extends Error {}

export const manualProvider: PaymentProvider = {
  kind: 'manual',
  startCheckout: async () => ({ reference: null, redirectUrl: null, customerId: null }),
  chargeRenewal: async () => ({ status: 'pending', reference: null, failure: null }),
};
