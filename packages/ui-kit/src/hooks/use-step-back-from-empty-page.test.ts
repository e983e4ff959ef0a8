import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStepBackFromEmptyPage } from './use-step-back-from-empty-page';

const loaded = (items: unknown[], isPlaceholderData = false) => ({ isSuccess: true, isPlaceholderData, data: { items } });

describe('useStepBackFromEmptyPage', () => {
  it('steps back once a later page comes back empty (its last row was deleted)', () => {
    const goToPrevious = vi.fn();
    renderHook(() => useStepBackFromEmptyPage(loaded([]), { pageIndex: 2, goToPrevious }));
    expect(goToPrevious).toHaveBeenCalledOnce();
  });

  it('stays on the first page, on a page with rows, and while the next page is still loading', () => {
    const goToPrevious = vi.fn();
    renderHook(() => useStepBackFromEmptyPage(loaded([]), { pageIndex: 0, goToPrevious }));
    renderHook(() => useStepBackFromEmptyPage(loaded([{ id: 1 }]), { pageIndex: 1, goToPrevious }));
    renderHook(() => useStepBackFromEmptyPage(loaded([], true), { pageIndex: 1, goToPrevious }));
    renderHook(() => useStepBackFromEmptyPage({ isSuccess: false, isPlaceholderData: false }, { pageIndex: 1, goToPrevious }));
    expect(goToPrevious).not.toHaveBeenCalled();
  });
});
