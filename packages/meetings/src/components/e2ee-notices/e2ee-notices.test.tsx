import { itRendersInEveryLanguage } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './e2ee-notices.stories';

const { English, French, Arabic, Uzbek } = composeStories(stories);

describe('EncryptedBadge and EncryptionProblem', () => {
  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
