import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './encrypted-link-dialog.stories';

const { Scheduled, English, French, Arabic, Uzbek } = composeStories(stories);

describe('EncryptedLinkDialog', () => {
  it('shows the full link to copy and closes', () => playStory(Scheduled));
  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
