import { playStory } from '../testing/play-story';
import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './data-table.stories';

const { Users, SortDescending, SearchDebounce, Paging, Empty, Loading, Failed, WithServerTable } = composeStories(stories);

describe('DataTable', () => {
  it('renders rows and reports header clicks as a single-column sort', () => playStory(Users));
  it('toggles a sorted column by keyboard', () => playStory(SortDescending));
  it('commits search text once, after the debounce', () => playStory(SearchDebounce));
  it('pages by cursor and changes the page size', () => playStory(Paging));
  it('shows the empty text of the list', () => playStory(Empty));
  it('shows skeleton rows and aria-busy while loading', () => playStory(Loading));
  it('shows the error with a working Retry', () => playStory(Failed));
  it('drives a server list through useServerTable', () => playStory(WithServerTable));
});
