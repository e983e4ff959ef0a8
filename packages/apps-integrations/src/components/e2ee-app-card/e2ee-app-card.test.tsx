import { composeStories } from '@storybook/react-vite';
import { itRendersInEveryLanguage } from '@portal/ui-kit/testing';
import * as stories from './e2ee-app-card.stories';

const { English, French, Arabic, Uzbek } = composeStories(stories);

describe('E2eeAppCard', () => {
  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
