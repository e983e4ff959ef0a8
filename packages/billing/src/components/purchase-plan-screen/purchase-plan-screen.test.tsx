import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import * as stories from './purchase-plan-screen.stories';

const { SaveAndContinue, BackFromReview, WithBundle, Refused, Arabic } = composeStories(stories);

// Both fill the purchase form through its selects (7–9 s alone, over 20 s on a loaded CI machine).
const formFilling = 60_000;

describe('PurchasePlanScreen', () => {
  it('checks the details with the server, then opens the payment review with the purchase in its address', async () => {
    await playStory(SaveAndContinue);
  }, formFilling);

  it('brings back the choices of the address when coming back from the review', async () => {
    await playStory(BackFromReview);
  });

  it('offers the plan\'s bundles priced in the chosen cycle and currency and sends the ticked ones', async () => {
    await playStory(WithBundle);
  }, formFilling);

  it('shows the server refusal and stays on the details', async () => {
    await playStory(Refused);
  }, formFilling);

  it('renders Arabic', async () => {
    await playStory(Arabic);
  });
});
