// The Kubernetes media-node configuration against the real server (spec section 5): as the
// platform administrator, each invalid value the spec names shows its message and nothing is
// saved; a valid form saves and survives a reload, and the stored token never comes back.
import { expect, test, type Page } from '@playwright/test';
import { admin, expectSnackbar, signIn } from './support.ts';

const token = `kube-token-${Date.now()}`;

const valid: [RegExp, string][] = [
  [/^Min users/, '10'],
  [/^Max users/, '500'],
  [/^Name/, 'Media node.eu'],
  [/^Max instance/, '4'],
  [/^WS start port/, '8000'],
  [/^Kube url/, 'https://kube.example.com:6443'],
  [/^Kube token/, token],
  [/^Kube image/, 'https://registry.example.com/media-node:4.4'],
  [/^Http port start/, '9000'],
  [/^Admin port start/, '9500'],
];

const invalid: [RegExp, string, string][] = [
  [/^Min users/, '0', 'Enter a valid number of minimum users'],
  [/^Min users/, '010', 'Enter a valid number of minimum users'],
  [/^Min users/, '10001', 'Enter a valid number of minimum users'],
  [/^Min users/, 'ten', 'Enter a valid number of minimum users'],
  [/^Max users/, '0', 'Enter a valid number of maximum users'],
  [/^Max users/, '0500', 'Enter a valid number of maximum users'],
  [/^Max users/, '10001', 'Enter a valid number of maximum users'],
  [/^Max instance/, '0', 'Enter a valid number of maximum users'],
  [/^WS start port/, '10001', 'Enter a valid number of maximum users'],
  [/^Name/, '', 'error'],
  [/^Name/, 'ab', 'error'],
  [/^Name/, 'a'.repeat(31), 'error'],
  [/^Name/, 'Node 1', 'error'],
  [/^Name/, ' Node', 'error'],
  [/^Name/, 'Node ', 'error'],
  [/^Kube url/, '', 'This field is required'],
  [/^Kube url/, 'kube.example.com', 'Enter a valid URL'],
  [/^Kube token/, '', 'This field is required'],
  [/^Kube image/, '', 'This field is required'],
  [/^Kube image/, 'not a url', 'Enter a valid URL'],
  [/^Http port start/, '', 'This field is required'],
  [/^Admin port start/, '', 'This field is required'],
];

function watchSaves(page: Page) {
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/api/v1/settings/kubernetes')) saves.push(request.postData() ?? '');
  });
  return saves;
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.goto('/portal/login?redirect=%2Fkubernetes-config');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Kubernetes' })).toBeVisible();
});

test('each invalid value the spec names shows its message and nothing is saved', async ({ page }) => {
  const saves = watchSaves(page);
  const form = page.getByRole('form', { name: 'Kubernetes' });
  for (const [label, value] of valid) await form.getByLabel(label).fill(value);
  const validValue = new Map(valid.map(([label, value]) => [label.source, value]));
  for (const [label, value, message] of invalid) {
    await form.getByLabel(label).fill(value);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await form.getByLabel(label).fill(validValue.get(label.source)!);
    await expect(form.getByText(message, { exact: true })).toHaveCount(0);
  }
  // The maximum below the minimum is refused too.
  await form.getByLabel(/^Max users/).fill('5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid number of maximum users', { exact: true })).toBeVisible();
  expect(saves).toEqual([]);
});

test('a valid form saves, survives a reload, and the token is never sent back', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Kubernetes' });
  for (const [label, value] of valid) await form.getByLabel(label).fill(value);
  await form.getByRole('radio', { name: 'True' }).check();
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v1/settings/kubernetes'));
  await form.getByRole('button', { name: 'Save' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain(token);
  await expectSnackbar(page, 'Settings saved successfully');

  const loaded = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith('/api/v1/settings/kubernetes'));
  await page.reload();
  const body = await (await loaded).text();
  expect(body).not.toContain(token);
  expect(JSON.parse(body).values.kubeToken).toEqual({ set: true });
  const reloaded = page.getByRole('form', { name: 'Kubernetes' });
  for (const [label, value] of valid) {
    if (label.source === '^Kube token') continue;
    await expect(reloaded.getByLabel(label)).toHaveValue(value);
  }
  await expect(reloaded.getByRole('radio', { name: 'True' })).toBeChecked();
  const tokenInput = reloaded.getByLabel(/^Kube token/);
  await expect(tokenInput).toHaveValue('');
  await expect(tokenInput).toHaveAttribute('placeholder', '•••••• (set)');

  // Saving again without typing the token keeps it: the request carries no token and succeeds.
  await reloaded.getByLabel(/^Max users/).fill('600');
  const again = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/settings/kubernetes'));
  await reloaded.getByRole('button', { name: 'Save' }).click();
  expect(JSON.parse((await again).postData() ?? '{}')).not.toHaveProperty('kubeToken');
  await expectSnackbar(page, 'Settings saved successfully');
});
