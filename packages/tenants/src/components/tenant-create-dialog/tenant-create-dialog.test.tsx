import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-create-dialog.stories';

const { EmptyFormValidation, CreateWithPassword, SavedDefaults, BuiltInDefaults, SubdomainTaken, Arabic } = composeStories(stories);

describe('TenantCreateDialog', () => {
  it("shows the spec's texts under every required field and refuses a reserved subdomain, sending nothing", async () => {
    await playStory(EmptyFormValidation);
  });

  it('suggests the subdomain, checks a chosen password and hands over the sign-in info', async () => {
    await playStory(CreateWithPassword);
  });

  it("shows the platform's saved tenant defaults (dial in on, French, 250 users) and sends them with the administrator's changes", async () => {
    await playStory(SavedDefaults);
  });

  it('keeps the built-in values without the saved defaults and sends only what was changed', async () => {
    await playStory(BuiltInDefaults);
  });

  it("shows the server's taken-subdomain error under the field", async () => {
    await playStory(SubdomainTaken);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
