import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './tenant-transactions-section.stories';

const { Transactions, Empty, LoadFails, French, Arabic } = composeStories(stories);

describe('TenantTransactionsSection', () => {
  it('lists the payments with the spec columns, money in the currency, and pages by cursor', async () => {
    await playStory(Transactions);
  });

  it("says 'There are no transactions!' when the tenant has none", async () => {
    await playStory(Empty);
  });

  it('shows the error with a retry when the list fails to load', async () => {
    await playStory(LoadFails);
  });

  it('writes amounts and words in French', async () => {
    await playStory(French);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
