import { itRendersInEveryLanguage, playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './audit-log-screen.stories';

const { WithData, Details, Filter, EntityKinds, EndBeforeStart, Export, PickTenant, TenantAdministrator, Empty, LoadError, English, French, Arabic, Uzbek } = composeStories(stories);

describe('AuditLogScreen', () => {
  it('shows When, Who, Action, Entity, Entity id and From (IP)', async () => {
    await playStory(WithData);
  });

  it('shows a row’s values before and after, the changed ones marked', async () => {
    await playStory(Details);
  });

  it('filters by action and actor on the server', async () => {
    await playStory(Filter);
  });

  it('names every kind of entry the server records and filters by its own kind', async () => {
    await playStory(EntityKinds);
  });

  it("refuses an end date before the start date with 'Cannot Choose a Pre-Date for End Date'", async () => {
    await playStory(EndBeforeStart);
  });

  it('exports the filtered selection', async () => {
    await playStory(Export);
  });

  it('lets the platform super administrator read a chosen tenant’s log and export it', async () => {
    await playStory(PickTenant);
  });

  it('offers a tenant administrator no tenant picker', async () => {
    await playStory(TenantAdministrator);
  });

  it('shows the empty text', async () => {
    await playStory(Empty);
  });

  it('offers a retry after a failed load', async () => {
    await playStory(LoadError);
  });

  itRendersInEveryLanguage({ English, French, Arabic, Uzbek });
});
