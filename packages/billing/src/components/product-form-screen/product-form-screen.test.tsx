import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './product-form-screen.stories';

const { Create, NameTaken, Edit, Unknown, SaveFails, English, French, Arabic, Uzbek } = composeStories(stories);

describe('ProductFormScreen', () => {
  it('creates a product once its name is given', async () => {
    await playStory(Create);
  });

  it("shows a taken name under the field and 'Failed, Try Again..!!' with it as the reason", async () => {
    await playStory(NameTaken);
  });

  it('edits a product', async () => {
    await playStory(Edit);
  });

  it('says when the product does not exist', async () => {
    await playStory(Unknown);
  });

  it('says when saving failed', async () => {
    await playStory(SaveFails);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
