// Stripe through the official SDK, configured from the global payment settings (section `payment`:
// secret key and webhook secret sealed at rest). A purchase or change is paid on Stripe's Checkout
// page (card saved for renewals); a renewal is charged off-session with the saved card. Either way
// the invoice is paid only when the signed webhook says so (stripe-webhook.ts).
//
// `PORTAL_STRIPE_API_URL` (e.g. http://127.0.0.1:12111) points the SDK at another API host: the tests'
// local Stripe stand-in, or stripe-mock.
import Stripe from 'stripe';
import type { AppDatabase } from '../../kernel/db/database.ts';
import type { SecretBox } from '../../kernel/crypto/secret-box.ts';
import { findSettings } from '../../settings/index.ts';
import { type CheckoutInput, type PaymentProvider, ProviderUnavailable, type RenewalInput } from './provider.ts';

export type StripeSettings = { secretKey: string; webhookSecret: string | null; publishableKey: string };

function sealedValue(secrets: SecretBox, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return secrets.open(value);
  } catch {
    return null;
  }
}

/** The saved Stripe settings with their secrets opened, or null when payments are not configured. */
export async function stripeSettings(database: AppDatabase, secrets: SecretBox): Promise<StripeSettings | null> {
  const row = await database.withPlatform((tx) => findSettings(tx, 'payment'));
  const value = row?.value;
  if (!value || value.provider !== 'stripe') return null;
  const secretKey = sealedValue(secrets, value.secretKey);
  if (!secretKey) return null;
  return { secretKey, webhookSecret: sealedValue(secrets, value.webhookSecret), publishableKey: String(value.publishableKey ?? '') };
}

export function stripeClient(secretKey: string): Stripe {
  const base = process.env.PORTAL_STRIPE_API_URL;
  const url = base ? new URL(base) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

const metadataOf = (input: { invoice: { id: string; number: string }; tenant: { id: string } }) => ({ invoiceId: input.invoice.id, invoiceNumber: input.invoice.number, tenantId: input.tenant.id });

export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings.secretKey);
  return {
    kind: 'stripe',
    async startCheckout(input: CheckoutInput) {
      try {
        let customerId = input.tenant.customerId;
        let created: string | null = null;
        if (!customerId) {
          const customer = await stripe.customers.create({ name: input.tenant.name, metadata: { tenantId: input.tenant.id } }, { idempotencyKey: `customer-${input.tenant.id}` });
          customerId = customer.id;
          created = customer.id;
        }
        const back = new URL(input.returnUrl);
        back.searchParams.set('invoice', input.invoice.id);
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            customer: customerId,
            client_reference_id: input.invoice.id,
            line_items: [{ quantity: 1, price_data: { currency: input.invoice.currency.toLowerCase(), unit_amount: input.invoice.total, product_data: { name: `${input.invoice.number}: ${input.invoice.description}` } } }],
            payment_intent_data: { setup_future_usage: 'off_session', metadata: metadataOf(input) },
            metadata: metadataOf(input),
            success_url: back.toString(),
            cancel_url: back.toString(),
          },
          { idempotencyKey: `checkout-${input.invoice.id}` },
        );
        if (!session.url) throw new ProviderUnavailable('Stripe answered a checkout session without a URL');
        return { reference: session.id, redirectUrl: session.url, customerId: created };
      } catch (error) {
        throw error instanceof ProviderUnavailable ? error : new ProviderUnavailable(`Stripe: ${(error as Error).message}`);
      }
    },
    async expireCheckout(reference: string) {
      try {
        await stripe.checkout.sessions.expire(reference, {}, { idempotencyKey: `expire-${reference}` });
      } catch (error) {
        throw new ProviderUnavailable(`Stripe: ${(error as Error).message}`);
      }
    },
    async chargeRenewal(input: RenewalInput) {
      if (!input.tenant.customerId || !input.paymentMethodRef) return { status: 'failed', reference: null, failure: 'No saved card' };
      try {
        const intent = await stripe.paymentIntents.create(
          { amount: input.invoice.total, currency: input.invoice.currency.toLowerCase(), customer: input.tenant.customerId, payment_method: input.paymentMethodRef, off_session: true, confirm: true, metadata: metadataOf(input) },
          { idempotencyKey: `renewal-${input.invoice.id}` },
        );
        // Succeeded or processing: the webhook pays the invoice.
        return { status: 'pending', reference: intent.id, failure: null };
      } catch (error) {
        return { status: 'failed', reference: null, failure: (error as Error).message.slice(0, 500) };
      }
    },
  };
}
