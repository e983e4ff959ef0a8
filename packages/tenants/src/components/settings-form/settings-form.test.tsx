import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './settings-form.stories';

const { KubernetesRules, KeepsStoredToken, RemovesOptionalSecret, RemoveOnlyOptionalSecrets, ServerFieldError, LoadError, Email, TenantDefaultsLeftOpen, SystemLeftOpen, SystemCorsOrigins, SystemAppLinks, English, French, Arabic, Uzbek } = composeStories(stories);

describe('SettingsForm', () => {
  it('enforces every Kubernetes media-node rule of spec section 5 and sends nothing until the form is valid', async () => {
    await playStory(KubernetesRules);
  }, 30_000);

  it('keeps a stored token unless a new one is typed', async () => {
    await playStory(KeepsStoredToken);
  });

  it('removes an optional stored secret with the keyboard: null is sent on save and the field shows as not set', async () => {
    await playStory(RemovesOptionalSecret);
  });

  it('offers Remove only for optional secrets; Undo keeps the stored one and a typed value replaces it', async () => {
    await playStory(RemoveOnlyOptionalSecrets);
  });

  it('shows a server field error under its field', async () => {
    await playStory(ServerFieldError);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it('builds another section from its field list', async () => {
    await playStory(Email);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });

  it("saves new tenants' defaults open: Platform default language and no user limit as null", async () => {
    await playStory(TenantDefaultsLeftOpen);
  });

  it('saves an empty public URL and support address as null, and refuses a URL without its scheme', async () => {
    await playStory(SystemLeftOpen);
  });

  it('refuses a CORS origin with a path and saves a list of origins as written', async () => {
    await playStory(SystemCorsOrigins);
  });

  it('refuses an app link that is not a web address and saves the one given, the others as none', async () => {
    await playStory(SystemAppLinks);
  });
});
