import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithUi } from '../testing';
import { DataTable } from './data-table';
import { demoUserColumns, demoUsers } from './data-table.fixtures';
import { RowAction } from './row-action';

/** jsdom lays nothing out: the region is given the sizes a 375 px phone would have. */
function layOut(region: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(region, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(region, 'clientWidth', { configurable: true, value: clientWidth });
}

function scrollTo(region: HTMLElement, scrollLeft: number) {
  region.scrollLeft = scrollLeft;
  fireEvent.scroll(region);
}

function renderTable(dir: 'ltr' | 'rtl') {
  renderWithUi(
    <DataTable
      label="Users"
      columns={demoUserColumns}
      data={demoUsers}
      getRowId={(user) => user.id}
      emptyText="There are no users!"
      rowActions={(user) => <RowAction label={`Edit ${user.firstName}`} icon={<span />} onClick={() => {}} />}
    />,
    { dir },
  );
  return screen.getByRole('region', { name: 'Users' });
}

describe('DataTable wider than the screen', () => {
  it('marks the edge that has more columns, following the scroll position', () => {
    const region = renderTable('ltr');
    layOut(region, { scrollWidth: 900, clientWidth: 375 });
    scrollTo(region, 0);
    expect(region).toHaveAttribute('data-more-end', 'true');
    expect(region).not.toHaveAttribute('data-more-start');
    scrollTo(region, 200);
    expect(region).toHaveAttribute('data-more-start', 'true');
    expect(region).toHaveAttribute('data-more-end', 'true');
    scrollTo(region, 525);
    expect(region).toHaveAttribute('data-more-start', 'true');
    expect(region).not.toHaveAttribute('data-more-end');
  });

  it('reads the scroll position right to left in Arabic (scrollLeft runs negative from the start)', () => {
    const region = renderTable('rtl');
    layOut(region, { scrollWidth: 900, clientWidth: 375 });
    scrollTo(region, 0);
    expect(region).toHaveAttribute('data-more-end', 'true');
    expect(region).not.toHaveAttribute('data-more-start');
    scrollTo(region, -525);
    expect(region).toHaveAttribute('data-more-start', 'true');
    expect(region).not.toHaveAttribute('data-more-end');
  });

  it('shows no cue when everything fits', () => {
    const region = renderTable('ltr');
    layOut(region, { scrollWidth: 375, clientWidth: 375 });
    scrollTo(region, 0);
    expect(region).not.toHaveAttribute('data-more-start');
    expect(region).not.toHaveAttribute('data-more-end');
  });

  it('keeps the Actions column in sight at the end edge, in either direction', () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      const region = renderTable(dir);
      const actions = [screen.getByRole('columnheader', { name: 'Actions' }), ...screen.getAllByRole('button', { name: /^Edit / }).map((button) => button.closest('td'))];
      for (const cell of actions) {
        expect(cell).toHaveAttribute('data-sticky', 'end');
        expect((cell as HTMLElement).style.position).toBe('sticky');
        expect((cell as HTMLElement).style.insetInlineEnd).toMatch(/^0(px)?$/);
      }
      expect(region).toBeInTheDocument();
      cleanup();
    }
  });
});
