import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './quick-panel.stories';

const { WithSections, Empty, Loading } = composeStories(stories);

describe('QuickPanel', () => {
  it('lists the sections with entries and closes on Escape', () => WithSections.run());
  it('has an empty state', () => Empty.run());
  it('shows a loader while the data loads', () => Loading.run());
});
