// The Slack app in a real browser against the running server, with tooling/scripts/e2e.mjs's local
// stand-in for Slack (test/slack-stand-in.ts: its approval page sends the browser straight back with
// a code, its Web API exchanges it): a tenant administrator installs the app for the workspace and
// sees the installation page; Slack's refusal shows the spec's failure text; slash commands signed
// exactly as Slack signs them are answered with a sign-in and consent link for an unknown Slack user
// (followed in a browser: Decline links nothing, Authorize links them) and with the new meeting's
// link for the administrator who installed it.
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { demoPassword, signIn, tenantOrigin } from './support';

const signingSecret = process.env.E2E_SLACK_SIGNING_SECRET ?? '';
const acmeTeam = 'T0ACME0001';

/** A slash command as Slack posts it: form-encoded, `v0` HMAC-SHA256 of `v0:<timestamp>:<body>`. */
function slashCommand(fields: Record<string, string>): Promise<{ status: number; body: { response_type?: string; text?: string } }> {
  const body = new URLSearchParams({ token: 'legacy', team_id: acmeTeam, team_domain: 'acme', channel_id: 'CGENERAL', channel_name: 'general', command: '/acme-meet', text: '', trigger_id: '1.2.3', ...fields }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(process.env.E2E_PORT),
        method: 'POST',
        path: '/api/v1/apps/slack/messages',
        headers: { host: new URL(tenantOrigin('acme')).host, 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { response_type?: string; text?: string } }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('an administrator installs the app for the workspace, and the slash command answers with a meeting link', async ({ page }) => {
  await page.goto(`${tenantOrigin('acme')}/portal/login?redirect=%2Fslack`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await page.getByRole('button', { name: 'Install for the whole workspace' }).click();
  // Slack's approval (the stand-in approves at once) sends the browser back to slack-install.
  await page.waitForURL(/\/portal\/slack-install\?/);
  await expect(page.getByText('The product is installed on your Slack workspace.')).toBeVisible();
  await expect(page.getByText(/Type \/acme-meet in a Slack channel to start a meeting/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' }).or(page.getByRole('button', { name: 'Go Home' }))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Slack' }).or(page.getByRole('button', { name: 'Try Slack' }))).toBeVisible();

  // Someone whose Slack account is not linked is asked to sign in and authorize Slack first.
  const stranger = await slashCommand({ user_id: 'UNEW' });
  expect(stranger.status).toBe(200);
  expect(stranger.body.text).toMatch(/^Sign in to the portal and authorize Slack first: http:\/\/acme\.portal\.localhost:\d+\/oidc\/auth\?/);

  // The administrator who approved the install is linked: the command starts a meeting and answers its link.
  const started = await slashCommand({ user_id: 'UADMIN' });
  expect(started.status).toBe(200);
  expect(started.body.response_type).toBe('in_channel');
  const link = /(http:\/\/acme\.portal\.localhost:\d+\/portal\/join\/\d{10,11})$/.exec(started.body.text ?? '')?.[1];
  expect(link, started.body.text).toBeDefined();
  // A request Slack did not sign is refused.
  const forged = await new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(process.env.E2E_PORT), method: 'POST', path: '/api/v1/apps/slack/messages', headers: { host: new URL(tenantOrigin('acme')).host, 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)), 'x-slack-signature': 'v0=00' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end('team_id=T0ACME0001&user_id=UADMIN&command=%2Facme-meet');
  });
  expect(forged).toBe(401);
});

test('a refused or failed workspace install shows the spec’s failure text', async ({ page }) => {
  await page.goto(`${tenantOrigin('acme')}/portal/login?redirect=${encodeURIComponent('/slack-install?error=access_denied&state=x')}`);
  await signIn(page, 'admin@acme.test', demoPassword);
  await expect(page.getByText('Installation of the product on Slack is failed. Please try again and if the problem persist, please contact support.', { exact: true })).toBeVisible();
  // A code with a state this portal did not issue fails the same way.
  await page.goto(`${tenantOrigin('acme')}/portal/slack-install?code=workspace:${acmeTeam}:UADMIN&state=forged`);
  await expect(page.getByText('Installation of the product on Slack is failed. Please try again and if the problem persist, please contact support.', { exact: true })).toBeVisible();
});

test("an unlinked Slack user follows the command's link: signs in, authorizes Slack on the consent screen, and is linked", async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const answer = await slashCommand({ user_id: 'ULINKME', user_name: 'link.me' });
  expect(answer.body.response_type).toBe('ephemeral');
  const link = /(http:\/\/\S+)$/.exec(answer.body.text ?? '')?.[1];
  expect(link, answer.body.text).toBeDefined();
  // Declined first: nothing is linked.
  await page.goto(link!);
  await page.waitForURL(/\/portal\/login/);
  await signIn(page, 'jose.alvarez@acme.test', demoPassword);
  await expect(page.getByRole('heading', { name: 'Authorize Slack' })).toBeVisible();
  // The screen names the Slack user and workspace an Authorize would link (from the server's sealed link).
  await expect(page.getByText('Link the Slack user @link.me of workspace acme to your account')).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Authorization Failure')).toBeVisible();
  expect((await slashCommand({ user_id: 'ULINKME' })).body.response_type).toBe('ephemeral');
  // Then authorized: the page links the Slack user, and the command starts their meeting.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Authorize Slack' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await expect(page.getByText('Authorized', { exact: true })).toBeVisible();
  const started = await slashCommand({ user_id: 'ULINKME' });
  expect(started.body.response_type, started.body.text).toBe('in_channel');
  expect(started.body.text).toMatch(/ started the meeting .+\/portal\/join\/\d{10,11}$/);
  // Right after that consent, another Slack user's link still shows the consent screen naming them: nothing is linked by itself.
  const sender = /(http:\/\/\S+)$/.exec((await slashCommand({ user_id: 'USENDER', user_name: 'sender' })).body.text ?? '')?.[1];
  await page.goto(sender!);
  await expect(page.getByText('Link the Slack user @sender of workspace acme to your account')).toBeVisible();
  expect((await slashCommand({ user_id: 'USENDER' })).body.response_type).toBe('ephemeral');
  await visitor.close();
});
