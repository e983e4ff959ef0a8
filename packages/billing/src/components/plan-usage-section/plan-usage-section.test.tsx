import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { usageLevel } from './plan-usage-section';
import * as stories from './plan-usage-section.stories';

const { NearLimit, LimitReached, LoadFails, English, French, Arabic, Uzbek } = composeStories(stories);

describe('PlanUsageSection', () => {
  it('shows each limit’s use and warns from 80 %', () => playStory(NearLimit));
  it('says when a limit is reached', () => playStory(LimitReached));
  it('says when the usage cannot be loaded, and retries', () => playStory(LoadFails));
  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});

describe('usageLevel', () => {
  it('is within below 80 %, near from 80 %, reached at the limit, unlimited without one', () => {
    expect(usageLevel(7, 10)).toBe('within');
    expect(usageLevel(8, 10)).toBe('near');
    expect(usageLevel(10, 10)).toBe('reached');
    expect(usageLevel(12, 10)).toBe('reached');
    expect(usageLevel(0, 0)).toBe('reached');
    expect(usageLevel(5, null)).toBe('unlimited');
  });
});
