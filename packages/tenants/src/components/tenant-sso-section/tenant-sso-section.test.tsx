import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-sso-section.stories';

const { List, Create, Edit, ReadOnly, CreateOnly, EditOnly, Empty, OtherTenant, Arabic } = composeStories(stories);

describe('TenantSsoSection', () => {
  it('lists the providers with the redirect URI, Create and Edit', async () => {
    await playStory(List);
  });

  it('creates a provider through the dialog and lists it', async () => {
    await playStory(Create);
  });

  it('edits a provider without resending its secret', async () => {
    await playStory(Edit);
  });

  it('hides Create and Edit without tenant.sso.put and tenant.sso.update', async () => {
    await playStory(ReadOnly);
  });

  it('shows Create with tenant.sso.put only', async () => {
    await playStory(CreateOnly);
  });

  it('shows Edit with tenant.sso.update only', async () => {
    await playStory(EditOnly);
  });

  it("says 'There are no sign-in providers!' when there are none", async () => {
    await playStory(Empty);
  });

  it("lists and edits another tenant's providers through the operations naming it", async () => {
    await playStory(OtherTenant);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
