import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, expect, it } from 'vitest';
import { getInitial } from './get-initial';
import * as stories from './user-menu.stories';

const { FirstLetterAvatar, WithPicture, NameOnly } = composeStories(stories);

describe('UserMenu', () => {
  it('shows the first letter of the name and offers Profile and Logout', () => playStory(FirstLetterAvatar));
  it('shows the profile picture and no Profile item without onProfile', () => playStory(WithPicture));
  it('falls back to the name when there is no display name', () => playStory(NameOnly));
});

describe('getInitial', () => {
  it('takes the first user-perceived letter, upper-cased', () => {
    expect(getInitial('amira')).toBe('A');
    expect(getInitial('  élodie ')).toBe('É');
    expect(getInitial('ليلى')).toBe('ل');
    expect(getInitial('👩‍💻 dev')).toBe('👩‍💻');
    expect(getInitial('')).toBe('?');
  });
});
