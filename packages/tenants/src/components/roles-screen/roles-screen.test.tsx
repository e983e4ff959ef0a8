import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './roles-screen.stories';

const { WithData, ActionsFollowTheRole, Empty, LoadError, OpensTheRoleScreens, EditOpensTheRole, Disable, Delete, DeleteAll, UnassignedRoles, ReadOnly, English, French, Arabic, Uzbek } =
  composeStories(stories);

describe('RolesScreen', () => {
  it('shows the spec columns and disabled roles', async () => {
    await playStory(WithData);
  });

  it('offers only the actions the caller may take on each role', async () => {
    await playStory(ActionsFollowTheRole);
  });

  it("says 'There are no roles!' when there are none", async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  it('opens the create screen', async () => {
    await playStory(OpensTheRoleScreens);
  });

  it('opens the edit screen of a role', async () => {
    await playStory(EditOpensTheRole);
  });

  it('disables a role', async () => {
    await playStory(Disable);
  });

  it('asks before deleting a role', async () => {
    await playStory(Delete);
  });

  it('asks before deleting all roles, keeping the built-in ones', async () => {
    await playStory(DeleteAll);
  });

  it('enables unassigned roles in bulk', async () => {
    await playStory(UnassignedRoles);
  });

  it('hides the write actions without their permissions', async () => {
    await playStory(ReadOnly);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
