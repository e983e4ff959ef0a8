import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './oauth-consent.stories';

const { Authorize, Decline, Expired, SlackUser, French, Arabic, Uzbek } = composeStories(stories);

describe('OAuthConsent stories', () => {
  it('lists the scopes in words and sends Authorize, then the browser back to the server', async () => {
    await playStory(Authorize);
  });

  it('sends Decline', async () => {
    await playStory(Decline);
  });

  it('says when the request has expired', async () => {
    await playStory(Expired);
  });

  it("names the Slack user and workspace the Slack app's Authorize links", async () => {
    await playStory(SlackUser);
  });

  itRendersInEveryLanguage({ English: SlackUser, French, Arabic, Uzbek });
});
