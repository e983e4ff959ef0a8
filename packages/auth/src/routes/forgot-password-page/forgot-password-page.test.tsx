import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './forgot-password-page.stories';

const { SendsLink, Fails } = composeStories(stories);

describe('ForgotPasswordPage', () => {
  it('validates the email and confirms the link was sent', async () => {
    await playStory(SendsLink);
  });

  it('says when sending failed', async () => {
    await playStory(Fails);
  });
});
