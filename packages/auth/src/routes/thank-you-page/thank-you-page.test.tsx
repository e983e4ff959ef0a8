import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './thank-you-page.stories';

const { AfterRegistering, ResendFails, AsksForTheAddress } = composeStories(stories);

describe('ThankYouPage', () => {
  it('names the address, resends the mail and links to the site', async () => {
    await playStory(AfterRegistering);
  });

  it('says when the resend failed', async () => {
    await playStory(ResendFails);
  });

  it('asks for the address when it does not know it', async () => {
    await playStory(AsksForTheAddress);
  });
});
