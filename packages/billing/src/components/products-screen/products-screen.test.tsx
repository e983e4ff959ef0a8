import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './products-screen.stories';

const { WithData, Search, Empty, LoadError, OpensTheForms, EditOpensTheProduct, Disable, Delete, DeleteRefused, DeleteRefusedFrench, DeleteRefusedArabic, DeleteRefusedUzbek, ReadOnly, English, French, Arabic, Uzbek } = composeStories(stories);

describe('ProductsScreen', () => {
  it('shows the spec columns, bundles and disabled products', async () => {
    await playStory(WithData);
  });

  it("searches on the server and says 'No results..'", async () => {
    await playStory(Search);
  });

  it("says 'There are no products!' when there are none", async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it('opens the create form', async () => {
    await playStory(OpensTheForms);
  });

  it('opens the edit form of a product', async () => {
    await playStory(EditOpensTheProduct);
  });

  it('disables and enables a product', async () => {
    await playStory(Disable);
  });

  it('asks before deleting a product', async () => {
    await playStory(Delete);
  });

  it("says 'Failed, Try Again..!!' on a refused delete, with the reason beneath it", async () => {
    await playStory(DeleteRefused);
  });

  it.each([
    ['fr', DeleteRefusedFrench],
    ['ar', DeleteRefusedArabic],
    ['uz', DeleteRefusedUzbek],
  ])('says the failure text and its reason in %s', async (_language, story) => {
    await playStory(story);
  });

  it('hides the write actions without their permissions', async () => {
    await playStory(ReadOnly);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
