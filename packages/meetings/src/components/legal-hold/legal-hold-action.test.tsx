import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './legal-hold-action.stories';

const { PutOnHold, Held, NotAllowed, French, Arabic, Uzbek } = composeStories(stories);

describe('LegalHoldAction', () => {
  it('puts a recording on legal hold', async () => {
    await playStory(PutOnHold);
  });

  it('offers the release of a held recording', async () => {
    await playStory(Held);
  });

  it('is not offered without the recordings permission', async () => {
    await playStory(NotAllowed);
  });

  it('is labelled in fr, ar and uz', async () => {
    await playStory(French);
    await playStory(Arabic);
    await playStory(Uzbek);
  });
});
