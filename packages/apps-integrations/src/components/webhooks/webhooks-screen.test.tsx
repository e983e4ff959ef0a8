import { playStory } from '@portal/ui-kit/testing';
import { itRendersInEveryLanguage } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './webhooks-screen.stories';

const { AddEndpoint, RotateSecret, EditDisableDelete, DeliveryLog, ReadOnly, LoadFails, English, French, Arabic, Uzbek } = composeStories(stories);

describe('WebhooksScreen', () => {
  it('adds an endpoint, checking URL and events before the call, and shows its secret once', async () => {
    await playStory(AddEndpoint);
  }, 60_000);

  it('rotates the secret after asking, saying the previous one stays valid 24 hours', async () => {
    await playStory(RotateSecret);
  }, 30_000);

  it('edits, disables and deletes (after a red confirmation) an endpoint', async () => {
    await playStory(EditDisableDelete);
  }, 60_000);

  it('shows the delivery log paged, with a payload and Send test event', async () => {
    await playStory(DeliveryLog);
  }, 30_000);

  it('shows no changes without the partner_app write permissions', async () => {
    await playStory(ReadOnly);
  }, 30_000);

  it('shows the failure and retries when the list cannot be read', async () => {
    await playStory(LoadFails);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
