import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { userEvent } from '@testing-library/user-event';
import { FAKE_SECRET } from '../../testing';
import * as stories from './client-secret-dialog.stories';

const { ShowsCredentialsOnce, CopySecret, Arabic } = composeStories(stories);

describe('ClientSecretDialog', () => {
  it('shows the client id and the secret once, read-only, and closes on Done', async () => {
    await playStory(ShowsCredentialsOnce);
  });

  it('copies the secret and confirms it', async () => {
    // jsdom has no Clipboard API: user-event's setup() gives the test one to read back.
    userEvent.setup();
    await playStory(CopySecret);
    await expect(navigator.clipboard.readText()).resolves.toBe(FAKE_SECRET);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
