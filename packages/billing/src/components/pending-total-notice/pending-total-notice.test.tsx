import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './pending-total-notice.stories';

const { WithChildren, English, French, Arabic, Uzbek } = composeStories(stories);

describe('PendingTotalNotice', () => {
  it('shows its children inside the notice, after the new total', async () => {
    await playStory(WithChildren);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
