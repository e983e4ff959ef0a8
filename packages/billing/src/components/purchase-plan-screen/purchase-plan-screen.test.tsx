import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './purchase-plan-screen.stories';

const { BuyByBankTransfer, Refused, Arabic } = composeStories(stories);

describe('PurchasePlanScreen', () => {
  it('buys by bank transfer: details, the server total, review, Proceed to pay, processing', async () => {
    await playStory(BuyByBankTransfer);
  });

  it('shows the server refusal and stays on the details', async () => {
    await playStory(Refused);
  });

  it('renders Arabic', async () => {
    await playStory(Arabic);
  });
});
