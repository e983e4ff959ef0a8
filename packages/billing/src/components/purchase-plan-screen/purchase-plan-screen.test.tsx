import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './purchase-plan-screen.stories';

const { BuyByBankTransfer, Refused, Arabic } = composeStories(stories);

// Both fill the purchase form through its selects (7–9 s alone, over 20 s on a loaded CI machine).
const formFilling = 60_000;

describe('PurchasePlanScreen', () => {
  it('buys by bank transfer: details, the server total, review, Proceed to pay, processing', async () => {
    await playStory(BuyByBankTransfer);
  }, formFilling);

  it('shows the server refusal and stays on the details', async () => {
    await playStory(Refused);
  }, formFilling);

  it('renders Arabic', async () => {
    await playStory(Arabic);
  });
});
