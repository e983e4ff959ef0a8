import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { SIGNUP_EMAIL_KEY } from '../signup-paths';
import * as stories from './register-page.stories';

const { Registers, EmailAlreadyRegistered, UserLimitReached, SignupClosed, Cancel } = composeStories(stories);

describe('RegisterPage', () => {
  it('validates with the spec messages, registers and goes to the Thank-you page remembering the address', async () => {
    await playStory(Registers);
    expect(window.sessionStorage.getItem(SIGNUP_EMAIL_KEY)).toBe('nora@newco.test');
  });

  it("says 'Email already registered'", async () => {
    await playStory(EmailAlreadyRegistered);
  });

  it('says so when the tenant holds its user limit already', async () => {
    await playStory(UserLimitReached);
  });

  it('offers no form when the tenant turned sign-up off', async () => {
    await playStory(SignupClosed);
  });

  it('cancels to login', async () => {
    await playStory(Cancel);
  });
});
