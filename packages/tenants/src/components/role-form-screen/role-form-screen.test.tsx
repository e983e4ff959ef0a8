import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './role-form-screen.stories';

const { Create, SelectAll, Edit, BuiltIn, AboveTheCaller, PermissionNotHeld, NeedsSuperadminGroup, DialInOffForTheTenant, DialOutNotHeld, DialKeptWithoutHoldingIt, NotFound, SuperadminTenants, English, French, Arabic, Uzbek } =
  composeStories(stories);

describe('RoleFormScreen', () => {
  it('creates a role, requiring a name, with a per-area select all', async () => {
    await playStory(Create);
  });

  it('selects and clears every permission with the global select all', async () => {
    await playStory(SelectAll);
  });

  it('edits a role', async () => {
    await playStory(Edit);
  });

  it('says under the tree why a custom role cannot keep a super administrator permission, and disables it once taken away', async () => {
    await playStory(NeedsSuperadminGroup);
  });

  it('keeps the name of a built-in role', async () => {
    await playStory(BuiltIn);
  });

  it('locks a role ranked above the caller', async () => {
    await playStory(AboveTheCaller);
  });

  it('explains a refused permission under the tree', async () => {
    await playStory(PermissionNotHeld);
  });

  it('explains under Dial in that the tenant has dial in off', async () => {
    await playStory(DialInOffForTheTenant);
  });

  it('explains under Dial out that the caller does not hold it, leaving the tree alone', async () => {
    await playStory(DialOutNotHeld);
  });

  it('saves a role keeping its dial flags without the caller holding them', async () => {
    await playStory(DialKeptWithoutHoldingIt);
  });

  it('says when the role does not exist', async () => {
    await playStory(NotFound);
  });

  it('lets a super administrator pick tenants', async () => {
    await playStory(SuperadminTenants);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
