import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { useSessionStore } from '@portal/auth';
import * as stories from './purchase-plan-gate.stories';

const { SignedOut, SignedIn, ServerFailure } = composeStories(stories);

beforeEach(() => {
  window.sessionStorage.clear();
  useSessionStore.getState().hydrate();
});

describe('PurchasePlanGate stories', () => {
  it('keeps a signed-out purchase and the billing flag, then goes to login', async () => {
    await playStory(SignedOut);
  });

  it('shows the purchase to a signed-in user and clears the billing flag', async () => {
    await playStory(SignedIn);
  });

  it('offers a retry when the server cannot say who is signed in', async () => {
    await playStory(ServerFailure);
  });
});
