import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-settings-form.stories';

const { StoredSettings, Save, TenantAdministrator, PlatformAdministrator, ServerError, Arabic } = composeStories(stories);

describe('TenantSettingsForm', () => {
  it("shows the tenant's stored sign-up, dial and feature flags, saving only after a change", async () => {
    await playStory(StoredSettings);
  });

  it('saves the changed flags and features together', async () => {
    await playStory(Save);
  });

  it('shows a tenant administrator dial in and dial out read-only, with why, and leaves them out of its saves', async () => {
    await playStory(TenantAdministrator);
  });

  it('lets the platform super administrator switch dial in and dial out', async () => {
    await playStory(PlatformAdministrator);
  });

  it('keeps the changes with a snackbar when the server fails', async () => {
    await playStory(ServerError);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
