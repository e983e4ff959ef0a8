import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-apps-section.stories';

const { InstallNeosound, InstallSlack, InstallSlackFails, ConfigureUninstallReinstall, Remove, UninstallFails, ReadOnly, LoadFails, Arabic } = composeStories(stories);

describe('TenantAppsSection', () => {
  it('installs Neosound through the wizard: access, Next, settings checked before the call, key never shown again', async () => {
    await playStory(InstallNeosound);
  });

  it("installs Slack with its team ID and slash command, refusing malformed ones", async () => {
    await playStory(InstallSlack);
  });

  it("shows the spec's Slack installation failure when the server fails", async () => {
    await playStory(InstallSlackFails);
  });

  it('configures keeping the stored key, uninstalls after confirming, installs an uninstalled app again prefilled', async () => {
    await playStory(ConfigureUninstallReinstall);
  });

  it('removes an app after a red confirmation that starts on Cancel', async () => {
    await playStory(Remove);
  });

  it('keeps the confirmation open and shows the failure when uninstalling fails', async () => {
    await playStory(UninstallFails);
  });

  it('shows no actions without the partner_app write permissions', async () => {
    await playStory(ReadOnly);
  });

  it('shows the failure and retries when the apps cannot be read', async () => {
    await playStory(LoadFails);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
