import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './plans-screen.stories';

const { WithData, Empty, LoadError, OpensTheForms, EditOpensThePlan, Disable, Delete, DeleteRefused, ReadOnly, English, French, Arabic, Uzbek } = composeStories(stories);

describe('PlansScreen', () => {
  it('shows the spec columns with the product and the prices', async () => {
    await playStory(WithData);
  });

  it("says 'There are no plans!' when there are none", async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it('opens the create form', async () => {
    await playStory(OpensTheForms);
  });

  it('opens the edit form of a plan', async () => {
    await playStory(EditOpensThePlan);
  });

  it('disables a plan', async () => {
    await playStory(Disable);
  });

  it('asks before deleting a plan', async () => {
    await playStory(Delete);
  });

  it("says 'Failed, Try Again..!!' on a refused delete, with the reason beneath it", async () => {
    await playStory(DeleteRefused);
  });

  it('hides the write actions without their permissions', async () => {
    await playStory(ReadOnly);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
