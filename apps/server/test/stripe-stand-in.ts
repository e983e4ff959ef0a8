// A local stand-in for the few Stripe API endpoints the adapter uses (src/billing/providers/stripe.ts:
// customers, checkout sessions and their expiry, payment intents), for PORTAL_STRIPE_API_URL: Stripe cannot be
// reached from these machines. Its checkout sessions have a checkout page of their own
// (`<url>/c/pay/<session>`): Pay completes the session the way Stripe does, posting a
// `checkout.session.completed` event signed with the webhook secret (the SDK's
// generateTestHeaderString, Stripe's scheme) to the portal, then sends the browser to the
// session's success URL. Server tests read what it received and deliver events themselves;
// the browser end-to-end run (tooling/scripts/e2e.mjs) lets the checkout page deliver them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StripeCall = { method: string; path: string; form: URLSearchParams; auth: string | undefined; idempotencyKey: string | undefined };
export type StripeCheckoutSession = { id: string; amount: number; currency: string; invoiceId: string; successUrl: string; completed: boolean; expired: boolean };

export type StripeStandIn = {
  /** Base URL for PORTAL_STRIPE_API_URL. */
  url: string;
  /** Every API call received, in order. */
  seen: StripeCall[];
  sessions: Map<string, StripeCheckoutSession>;
  /** A Stripe event, signed as Stripe signs webhooks with `secret`. */
  signed: (event: Record<string, unknown>, secret?: string) => { payload: string; header: string };
  close: () => Promise<void>;
};

export type StripeStandInOptions = {
  /** The webhook secret events are signed with. */
  webhookSecret: string;
  /** Where a completed checkout posts its event (the portal's /api/v1/billing/stripe/events); without it the test delivers events itself. */
  webhookUrl?: string;
  /** Listen on this port (0: any free one). */
  port?: number;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const seen: StripeCall[] = [];
  const sessions = new Map<string, StripeCheckoutSession>();
  const signer = new Stripe('sk_test_stand_in');
  const signed = (event: Record<string, unknown>, secret = options.webhookSecret) => {
    const payload = JSON.stringify(event, null, 2);
    return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret }) };
  };
  let base = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const path = request.url ?? '';
    const answer = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' }).end(JSON.stringify(json));

    // The checkout page a browser is sent to, and its Pay button.
    const page = /^\/c\/pay\/(cs_test_\d+)(\/complete)?$/.exec(path);
    if (page) {
      const session = sessions.get(page[1]!);
      if (!session) return response.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session');
      if (session.expired) return response.writeHead(410, { 'content-type': 'text/plain' }).end('This checkout session has expired');
      if (request.method === 'GET' && !page[2]) {
        const amount = new Intl.NumberFormat('en', { style: 'currency', currency: session.currency.toUpperCase() }).format(session.amount / 100);
        return response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><html lang="en"><title>Stripe Checkout (stand-in)</title><main><h1>Pay ${escapeHtml(amount)}</h1><form method="post" action="/c/pay/${session.id}/complete"><button type="submit">Pay</button></form></main></html>`);
      }
      if (request.method === 'POST' && page[2]) {
        session.completed = true;
        const event = {
          id: `evt_${session.id}`,
          object: 'event',
          type: 'checkout.session.completed',
          api_version: '2025-01-27',
          created: Math.floor(Date.now() / 1000),
          livemode: false,
          data: { object: { id: session.id, object: 'checkout.session', payment_status: 'paid', payment_intent: `pi_${session.id}`, amount_total: session.amount, client_reference_id: session.invoiceId, metadata: { invoiceId: session.invoiceId } } },
        };
        if (options.webhookUrl) {
          const { payload, header } = signed(event);
          const delivered = await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header }, body: payload });
          if (!delivered.ok) return response.writeHead(502, { 'content-type': 'text/plain' }).end(`The webhook answered ${delivered.status}`);
        }
        return response.writeHead(303, { location: session.successUrl }).end();
      }
    }

    const form = new URLSearchParams(body);
    seen.push({ method: request.method ?? '', path, form, auth: request.headers.authorization, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
    if (request.method === 'POST' && path === '/v1/customers') return answer(200, { id: 'cus_acme', object: 'customer' });
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${seen.length}`;
      sessions.set(id, {
        id,
        amount: Number(form.get('line_items[0][price_data][unit_amount]') ?? 0),
        currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
        invoiceId: form.get('metadata[invoiceId]') ?? '',
        successUrl: form.get('success_url') ?? '/',
        completed: false,
        expired: false,
      });
      return answer(200, { id, object: 'checkout.session', url: `${base}/c/pay/${id}` });
    }
    const expire = /^\/v1\/checkout\/sessions\/(cs_test_\d+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return answer(404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${expire[1]}'` } });
      // Stripe expires an open session only.
      if (session.completed || session.expired) return answer(400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired.` } });
      session.expired = true;
      return answer(200, { id: session.id, object: 'checkout.session', status: 'expired' });
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') return answer(200, { id: 'pi_renewal_1', object: 'payment_intent', status: 'processing' });
    return answer(404, { error: { type: 'invalid_request_error', message: `Unknown ${path}` } });
  };
  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    seen,
    sessions,
    signed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
