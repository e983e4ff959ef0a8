import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './payment-processing-screen.stories';

const { BankTransfer, Card, Uzbek } = composeStories(stories);

describe('PaymentProcessingScreen', () => {
  it('says the purchase is under processing and which invoice to pay by transfer', async () => {
    await playStory(BankTransfer);
  });

  it('after a card payment waits for the provider', async () => {
    await playStory(Card);
  });

  it('writes Uzbek', async () => {
    await playStory(Uzbek);
  });
});
