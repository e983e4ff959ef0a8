// End-to-end run: a real server on a fresh embedded database, a real SMTP sink on loopback that
// keeps every received mail as a file, and Playwright driving Debian's Chromium against them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { configureAcmeProvider, startOidcProvider } from './e2e-oidc.mjs';
import { freePort, pnpm, run, startPortalServer, stopServer, waitForHttp } from './lib.mjs';
import { startNeosoundStandIn } from '../../apps/server/test/neosound-stand-in.ts';
import { startStripeStandIn } from '../../apps/server/test/stripe-stand-in.ts';
import { slackStandIn } from '../../apps/server/test/slack-stand-in.ts';

const work = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const mailbox = join(work, 'mailbox');
mkdirSync(mailbox);

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      writeFileSync(join(mailbox, `${String(++count).padStart(4, '0')}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const port = await freePort();
// Neosound (speech analytics) cannot be reached from here: a local stand-in with its contract.
const neosoundKey = 'e2e-neosound-api-key';
const neosound = await startNeosoundStandIn(neosoundKey);
// Slack cannot be reached either: its approval page and Web API are a local stand-in too.
const slackApp = { clientId: 'e2e-slack-client', clientSecret: 'e2e-slack-client-secret', signingSecret: 'e2e-slack-signing-secret' };
const slack = slackStandIn(slackApp);
const slackUrl = `http://127.0.0.1:${await slack.listen()}`;
const oidc = await startOidcProvider(port);
const baseURL = `http://localhost:${port}`;
// Stripe cannot be reached either: its API stand-in, whose checkout page posts the signed webhook
// to the server (billing-stripe.spec.ts saves this secret in the payment settings).
const stripeWebhookSecret = 'whsec_e2e_portal';
const stripe = await startStripeStandIn({ webhookSecret: stripeWebhookSecret, webhookUrl: `${baseURL}/api/v1/billing/stripe/events` });
const admin = { email: 'admin@portal.localhost', password: 'E2e-Admin-Passw0rd' };
const server = startPortalServer({
  port,
  dataDir: join(work, 'data'),
  env: {
    PORTAL_ADMIN_EMAIL: admin.email,
    PORTAL_ADMIN_PASSWORD: admin.password,
    PORTAL_DEMO_PASSWORD: 'Demo-Passw0rd',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Portal <no-reply@portal.localhost>',
    NEOSOUND_BASE_URL: neosound.url,
    PORTAL_STRIPE_API_URL: stripe.url,
    SLACK_CLIENT_ID: slackApp.clientId,
    SLACK_CLIENT_SECRET: slackApp.clientSecret,
    SLACK_SIGNING_SECRET: slackApp.signingSecret,
    SLACK_API_URL: `${slackUrl}/api/`,
    SLACK_OAUTH_URL: `${slackUrl}/oauth/v2/authorize`,
    // The Google add-on's callback (its usercallback at Google): apps-neosound.spec.ts intercepts it in the browser.
    GOOGLE_ADDON_CALLBACK_URL: 'http://127.0.0.1:9/addon-callback',
  },
});

let status = 1;
try {
  // A loaded machine (CI, shared runners) may need longer to migrate and seed: E2E_START_TIMEOUT_MS.
  await waitForHttp(`${baseURL}/api/v1/health`, Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000));
  await configureAcmeProvider(port, oidc.issuer, 'Demo-Passw0rd');
  status = await run(pnpm(), ['exec', 'playwright', 'test', '-c', 'tooling/playwright/playwright.config.ts', ...process.argv.slice(2)], {
    env: {
      ...process.env,
      E2E_BASE_URL: baseURL,
      E2E_PORT: String(port),
      E2E_MAILBOX: mailbox,
      E2E_ADMIN_EMAIL: admin.email,
      E2E_ADMIN_PASSWORD: admin.password,
      E2E_DEMO_PASSWORD: 'Demo-Passw0rd',
      E2E_OIDC_ISSUER: oidc.issuer,
      E2E_NEOSOUND_URL: neosound.url,
      E2E_NEOSOUND_KEY: neosoundKey,
      E2E_STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      E2E_SLACK_SIGNING_SECRET: slackApp.signingSecret,
    },
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopServer(server);
  smtp.close();
  await oidc.close();
  await neosound.close();
  await stripe.close();
  await slack.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);
