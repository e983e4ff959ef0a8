import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './invoice-history-screen.stories';

const { History, Filtered, Empty, LoadFails, PlatformRecordsPayment, French, Arabic, Uzbek } = composeStories(stories);

describe('InvoiceHistoryScreen', () => {
  it('lists invoices with their PDF and receipt, and transactions, paged by cursor', async () => {
    await playStory(History);
  });

  it('filters by Start Date, End Date and search, refusing an end before the start', async () => {
    await playStory(Filtered);
  });

  it("says 'There are no invoice history!' without invoices", async () => {
    await playStory(Empty);
  });

  it('shows the error with a retry', async () => {
    await playStory(LoadFails);
  });

  it('lets the platform super administrator record a bank transfer', async () => {
    await playStory(PlatformRecordsPayment);
  });

  it('writes French', async () => {
    await playStory(French);
  });

  it('renders Arabic right to left', async () => {
    await playStory(Arabic);
  });

  it('writes Uzbek', async () => {
    await playStory(Uzbek);
  });
});
