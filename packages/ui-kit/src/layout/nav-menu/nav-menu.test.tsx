import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './nav-menu.stories';

const { Vertical, ActiveInsideCollapse, Folded, Horizontal, RightToLeft } = composeStories(stories);

describe('NavMenu', () => {
  it('marks the active item, labels groups and expands collapses by keyboard', () => Vertical.run());
  it('opens the collapse holding the active item, ignoring a trailing slash', () => ActiveInsideCollapse.run());
  it('shows icons only when folded, keeping titles as accessible names', () => Folded.run());
  it('renders groups as dropdown menus in the top bar', () => Horizontal.run());
  it('uses translated titles in right-to-left layouts', () => RightToLeft.run());
});
