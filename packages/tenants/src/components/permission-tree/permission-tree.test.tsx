import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './permission-tree.stories';

const { AreaSelectAll, GlobalSelectAll, WithError, ReadableLabels, UnknownPermission, CustomRoleLimits, BuiltInRole, CustomRoleLimitsArabic, Arabic, French, Uzbek } =
  composeStories(stories);

describe('PermissionTree', () => {
  it('selects a whole area', async () => {
    await playStory(AreaSelectAll);
  });

  it('selects and clears everything', async () => {
    await playStory(GlobalSelectAll);
  });

  it('shows an error under the tree', async () => {
    await playStory(WithError);
  });

  it('names areas and permissions in words, each box keeping its permission string as value', async () => {
    await playStory(ReadableLabels);
  });

  it('shows a permission it has no name for as sent', async () => {
    await playStory(UnknownPermission);
  });

  it("disables, with the reason, what a custom role's group cannot hold, and names the group an admin permission needs", async () => {
    await playStory(CustomRoleLimits);
  });

  it('bars nothing in a built-in role', async () => {
    await playStory(BuiltInRole);
  });

  it('gives the reason in Arabic', async () => {
    await playStory(CustomRoleLimitsArabic);
  });

  it.each([
    ['ar', Arabic],
    ['fr', French],
    ['uz', Uzbek],
  ])('translates the names in %s', async (_language, story) => {
    await playStory(story);
  });
});
