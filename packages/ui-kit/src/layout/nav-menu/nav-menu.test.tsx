import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './nav-menu.stories';

const { Vertical, ActiveInsideCollapse, Folded, Horizontal, RightToLeft } = composeStories(stories);

describe('NavMenu', () => {
  it('marks the active item, labels groups and expands collapses by keyboard', () => playStory(Vertical));
  it('opens the collapse holding the active item, ignoring a trailing slash', () => playStory(ActiveInsideCollapse));
  it('shows icons only when folded, keeping titles as accessible names', () => playStory(Folded));
  it('renders groups as dropdown menus in the top bar', () => playStory(Horizontal));
  it('uses translated titles in right-to-left layouts', () => playStory(RightToLeft));
});
