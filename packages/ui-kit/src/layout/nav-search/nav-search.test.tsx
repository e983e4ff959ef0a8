import { playStory } from '../../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, expect, it } from 'vitest';
import type { NavItem } from '../nav';
import { portalNavigation } from '../nav/nav.fixtures';
import * as stories from './nav-search.stories';
import { searchNavItems } from './search-nav-items';

const { KeyboardNavigation, NoResultsAndEscape, AtMostTenSuggestions } = composeStories(stories);

describe('NavSearch', () => {
  it('chooses a suggestion with the arrow keys and Enter', () => playStory(KeyboardNavigation));
  it("says 'No results..' and closes on Escape", () => playStory(NoResultsAndEscape));
  it('shows at most 10 suggestions', () => playStory(AtMostTenSuggestions));
});

describe('searchNavItems', () => {
  const title = (item: NavItem) => item.title;

  it('caps results at the limit', () => {
    const many: NavItem[] = Array.from({ length: 25 }, (_, i) => ({ id: `m${i}`, type: 'item', title: `Meeting ${i}`, url: `/m/${i}` }));
    expect(searchNavItems(many, 'meeting', title, 10)).toHaveLength(10);
  });

  it('matches translated titles, ignoring case and accents, prefix matches first', () => {
    const french = (item: NavItem) => (item.id === 'feedback' ? 'Évaluations' : item.id === 'dashboard' ? 'Tableau de bord' : item.title);
    expect(searchNavItems(portalNavigation, 'evalu', french, 10).map((item) => item.id)).toEqual(['feedback']);
    expect(searchNavItems(portalNavigation, 'pla', title, 10).map((item) => item.id)).toEqual(['plans', 'billing-plan', 'billing-pending']);
  });

  it('only returns entries with a URL and nothing for an empty query', () => {
    expect(searchNavItems(portalNavigation, 'Billing', title, 10)).toEqual([]);
    expect(searchNavItems(portalNavigation, '   ', title, 10)).toEqual([]);
  });
});
