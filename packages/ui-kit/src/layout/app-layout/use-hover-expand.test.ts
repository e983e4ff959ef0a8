import { act, renderHook } from '@testing-library/react';
import type { FocusEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHoverExpand } from './use-hover-expand';

describe('useHoverExpand', () => {
  afterEach(() => vi.useRealTimers());

  it('expands only after the pointer rests for the delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useHoverExpand(true, 150));
    act(() => result.current.handlers.onMouseEnter());
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(result.current.expanded).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.expanded).toBe(true);
    act(() => result.current.handlers.onMouseLeave());
    expect(result.current.expanded).toBe(false);
  });

  it('does not expand when the pointer leaves before the delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useHoverExpand(true, 150));
    act(() => result.current.handlers.onMouseEnter());
    act(() => {
      vi.advanceTimersByTime(100);
    });
    act(() => result.current.handlers.onMouseLeave());
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.expanded).toBe(false);
  });

  it('expands at once for keyboard focus and never when not folded', () => {
    const { result, rerender } = renderHook(({ enabled }) => useHoverExpand(enabled, 150), { initialProps: { enabled: true } });
    act(() => result.current.handlers.onFocus());
    expect(result.current.expanded).toBe(true);
    const outside = document.createElement('div');
    const navbar = document.createElement('div');
    act(() => result.current.handlers.onBlur({ currentTarget: navbar, relatedTarget: outside } as unknown as FocusEvent<HTMLElement>));
    expect(result.current.expanded).toBe(false);
    rerender({ enabled: false });
    act(() => result.current.handlers.onFocus());
    expect(result.current.expanded).toBe(false);
  });
});
