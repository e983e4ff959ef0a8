import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromSortParam, toSortParam, useServerTable } from './use-server-table';

function setup() {
  return renderHook(() => useServerTable({ defaultSort: { id: 'email', desc: false }, pageSize: 10 }));
}

describe('useServerTable', () => {
  it('starts on the first page with the default sort as a field name', () => {
    const { result } = setup();
    expect(result.current.params).toEqual({ limit: 10, sort: 'email' });
    expect(result.current.bind('c1').paging).toMatchObject({ hasNext: true, hasPrevious: false, pageSize: 10 });
    expect(result.current.bind(null).paging.hasNext).toBe(false);
  });

  it('walks forward and back through the cursor stack', () => {
    const { result } = setup();
    act(() => result.current.bind('c1').paging.onNext());
    expect(result.current.params.cursor).toBe('c1');
    act(() => result.current.bind('c2').paging.onNext());
    expect(result.current.params.cursor).toBe('c2');
    expect(result.current.pageIndex).toBe(2);
    expect(result.current.bind('c3').paging.hasPrevious).toBe(true);

    act(() => result.current.bind('c3').paging.onPrevious());
    expect(result.current.params.cursor).toBe('c1');
    act(() => result.current.goToPrevious());
    expect(result.current.params.cursor).toBeUndefined();
    expect(result.current.bind('c1').paging.hasPrevious).toBe(false);
  });

  it('does not advance past the last page', () => {
    const { result } = setup();
    act(() => result.current.bind(null).paging.onNext());
    expect(result.current.pageIndex).toBe(0);
  });

  it('resets the cursor stack when search, sort or page size change', () => {
    const { result } = setup();
    const advance = () => act(() => result.current.bind('c1').paging.onNext());

    advance();
    act(() => result.current.bind(null).search.onChange('amira'));
    expect(result.current.params).toEqual({ limit: 10, sort: 'email', q: 'amira' });

    advance();
    act(() => result.current.bind(null).onSortChange({ id: 'lastName', desc: true }));
    expect(result.current.params).toEqual({ limit: 10, sort: '-lastName', q: 'amira' });

    advance();
    act(() => result.current.bind(null).paging.onPageSizeChange?.(50));
    expect(result.current.params).toEqual({ limit: 50, sort: '-lastName', q: 'amira' });
  });

  it('keeps the page when the same search or sort is set again', () => {
    const { result } = setup();
    act(() => result.current.setSearch('amira'));
    act(() => result.current.goToNext('c1'));
    act(() => result.current.setSearch(' amira '));
    act(() => result.current.setSort({ id: 'email', desc: false }));
    expect(result.current.params.cursor).toBe('c1');
  });

  it('keeps params referentially stable between renders without changes', () => {
    const { result, rerender } = setup();
    const first = result.current.params;
    rerender();
    expect(result.current.params).toBe(first);
  });

  it('reset returns to the initial search, sort and page size', () => {
    const { result } = setup();
    act(() => result.current.setSearch('bruno'));
    act(() => result.current.setSort({ id: 'firstName', desc: true }));
    act(() => result.current.setPageSize(100));
    act(() => result.current.goToNext('c9'));
    act(() => result.current.reset());
    expect(result.current.params).toEqual({ limit: 10, sort: 'email' });
  });
});

describe('sort parameter', () => {
  it('sends ascending as the field and descending with a minus', () => {
    expect(toSortParam({ id: 'email', desc: false })).toBe('email');
    expect(toSortParam({ id: 'email', desc: true })).toBe('-email');
    expect(toSortParam(null)).toBeUndefined();
    expect(fromSortParam('-createdAt')).toEqual({ id: 'createdAt', desc: true });
    expect(fromSortParam('')).toBeNull();
  });
});
