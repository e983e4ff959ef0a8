import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './meeting-feedback-dialog.stories';

const { Rate, Skip, AlreadyRated, Failure, English, French, Arabic, Uzbek } = composeStories(stories);

describe('MeetingFeedbackDialog', () => {
  it('asks for a rating, then sends stars, issues and suggestion with the ticket', async () => {
    await playStory(Rate);
  });

  it('lets the participant skip', async () => {
    await playStory(Skip);
  });

  it('says a meeting was rated already', async () => {
    await playStory(AlreadyRated);
  });

  it('keeps a failure in the dialog', async () => {
    await playStory(Failure);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
