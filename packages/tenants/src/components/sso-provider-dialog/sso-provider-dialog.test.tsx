import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { ssoFormPathOf, ssoProviderCreateBody, ssoProviderUpdateBody, initialSsoProviderValues, isHttpsIssuer } from './sso-provider-values';
import * as stories from './sso-provider-dialog.stories';

const { Validation, Create, OtherTenant, EditKeepsSecret, ReplaceOrRemoveSecret, ServerFieldErrors } = composeStories(stories);

describe('SsoProviderDialog', () => {
  it("refuses a non-https issuer ('Enter a valid URL'), missing fields and scopes without openid, without calling the server", async () => {
    await playStory(Validation);
  });

  it('creates a provider with the exact body of the contract', async () => {
    await playStory(Create);
  });

  it("creates another tenant's provider through addTenantSsoProvider, suggesting that tenant's enabled roles", async () => {
    await playStory(OtherTenant);
  });

  it('keeps the stored secret when the field is left empty on edit (no clientSecret in the body)', async () => {
    await playStory(EditKeepsSecret);
  });

  it('removes the stored secret with clientSecret null', async () => {
    await playStory(ReplaceOrRemoveSecret);
  });

  it("shows the server's field errors under their fields", async () => {
    await playStory(ServerFieldErrors);
  });
});

describe('sso-provider-values', () => {
  it.each(['https://accounts.google.com', 'https://login.example.com/realms/acme', ' https://id.example '])('accepts the issuer %j', (value) => {
    expect(isHttpsIssuer(value)).toBe(true);
  });

  it.each(['', 'http://id.example.com', 'id.example.com', 'https://', 'https://id.example.com/?tenant=1', 'https://id.example.com/#x', 'ftp://id.example.com', 'https://id example.com'])(
    'refuses the issuer %j',
    (value) => {
      expect(isHttpsIssuer(value)).toBe(false);
    },
  );

  it('sends no role mapping without a claim, and the secret only when typed', () => {
    const values = { ...initialSsoProviderValues(null), name: 'A', issuer: 'https://a.example', clientId: 'c' };
    expect(ssoProviderCreateBody(values)).toEqual({ name: 'A', kind: 'oidc', issuer: 'https://a.example', clientId: 'c', scopes: 'openid email profile', roleMapping: null, status: 'enabled' });
    expect(ssoProviderUpdateBody(values)).not.toHaveProperty('clientSecret');
    expect(ssoProviderUpdateBody({ ...values, clientSecret: 's' })).toMatchObject({ clientSecret: 's' });
    expect(ssoProviderUpdateBody({ ...values, clientSecret: 's', removeSecret: true })).toMatchObject({ clientSecret: null });
  });

  it('maps server field paths to form paths', () => {
    const mappings = [
      { key: 'a', value: 'staff', role: 'member' },
      { key: 'b', value: 'ops.team', role: 'boss' },
    ];
    expect(ssoFormPathOf('issuer', mappings)).toBe('issuer');
    expect(ssoFormPathOf('status', mappings)).toBe('enabled');
    expect(ssoFormPathOf('roleMapping.claim', mappings)).toBe('claim');
    expect(ssoFormPathOf('roleMapping.values.ops.team', mappings)).toBe('mappings.1.role');
    expect(ssoFormPathOf('roleMapping.values.unknown', mappings)).toBe('claim');
    expect(ssoFormPathOf('tenantId', mappings)).toBeNull();
  });
});
