import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, expect, it } from 'vitest';
import * as stories from './copy-field.stories';

const { Field, SignInInformation } = composeStories(stories);

describe('CopyField / CopyBlock', () => {
  it('copies a single value and confirms with "Copied"', async () => {
    await playStory(Field);
    expect(await navigator.clipboard.readText()).toBe(Field.args.value);
  });

  it('copies a multi-line block as is', async () => {
    await playStory(SignInInformation);
    expect(await navigator.clipboard.readText()).toMatch(/^Portal: .+\nEmail: new\.user@acme\.example\nPassword: Xk4-Rw9p2Q$/);
  });
});
