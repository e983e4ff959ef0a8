import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './plan-form-screen.stories';

const { Create, PriceRules, Edit, NameTaken, Unknown, English, French, Arabic, Uzbek } = composeStories(stories);

describe('PlanFormScreen', () => {
  // It types a whole plan key by key (about 12 s alone, twice that on a loaded CI machine).
  it('creates a plan with prices in minor units, limits and roles, after the spec users messages', async () => {
    await playStory(Create);
  }, 60_000);

  it('refuses a duplicate price and too many decimals before sending', async () => {
    await playStory(PriceRules);
  });

  it('edits a plan and deletes all its limits', async () => {
    await playStory(Edit);
  });

  it("shows a taken name under the field and 'Failed, Try Again..!!' with it as the reason", async () => {
    await playStory(NameTaken);
  });

  it('says when the plan does not exist', async () => {
    await playStory(Unknown);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
