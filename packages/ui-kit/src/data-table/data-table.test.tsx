import { composeStories } from '@storybook/react';
import { describe, it } from 'vitest';
import * as stories from './data-table.stories';

const { Users, SortDescending, SearchDebounce, Paging, Empty, Loading, Failed, WithServerTable } = composeStories(stories);

describe('DataTable', () => {
  it('renders rows and reports header clicks as a single-column sort', () => Users.run());
  it('toggles a sorted column by keyboard', () => SortDescending.run());
  it('commits search text once, after the debounce', () => SearchDebounce.run());
  it('pages by cursor and changes the page size', () => Paging.run());
  it('shows the empty text of the list', () => Empty.run());
  it('shows skeleton rows and aria-busy while loading', () => Loading.run());
  it('shows the error with a working Retry', () => Failed.run());
  it('drives a server list through useServerTable', () => WithServerTable.run());
});
