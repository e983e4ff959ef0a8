import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './payment-review-screen.stories';

const { BankTransfer, WithBundle, Card, Back, Refused, NoPurchase, French, Arabic, Uzbek } = composeStories(stories);

describe('PaymentReviewScreen', () => {
  it('shows the server total of the purchase in the address and proceeds to pay by bank transfer', async () => {
    await playStory(BankTransfer);
  });

  it('shows a bundle in its own row and in the total, and buys it with the plan', async () => {
    await playStory(WithBundle);
  });

  it('pays by card through Stripe', async () => {
    await playStory(Card);
  });

  it('goes back to the purchase details with the same choices', async () => {
    await playStory(Back);
  });

  it('shows the server refusal with Retry', async () => {
    await playStory(Refused);
  });

  it('asks to choose a plan when the address has no purchase', async () => {
    await playStory(NoPurchase);
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
