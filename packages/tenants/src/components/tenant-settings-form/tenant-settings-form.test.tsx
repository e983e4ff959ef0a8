import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-settings-form.stories';

const { StoredSettings, Save, TenantAdministrator, PlatformAdministrator, LanguageAndLimit, ServerError, Arabic } = composeStories(stories);

describe('TenantSettingsForm', () => {
  it("shows the tenant's stored sign-up, dial, language, limit and feature settings, saving only after a change", async () => {
    await playStory(StoredSettings);
  });

  it('saves the changed flags and features together', async () => {
    await playStory(Save);
  });

  it('shows a tenant administrator dial in and out, the language and the user limit read-only, with why, and leaves them out of its saves', async () => {
    await playStory(TenantAdministrator);
  });

  it('lets the platform super administrator switch dial in and dial out', async () => {
    await playStory(PlatformAdministrator);
  });

  it('lets the platform super administrator set, check and clear the default language and the user limit', async () => {
    await playStory(LanguageAndLimit);
  });

  it('keeps the changes with a snackbar when the server fails', async () => {
    await playStory(ServerError);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
