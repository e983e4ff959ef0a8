import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * Expansion of a folded navbar: after `delay` ms of hover (not on a pointer merely passing
 * over), at once when keyboard focus enters; collapses when the pointer and focus leave.
 */
export function useHoverExpand(enabled: boolean, delay: number) {
  const [expanded, setExpanded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  const onMouseEnter = useCallback(() => {
    if (!enabled) return;
    cancel();
    timer.current = setTimeout(() => setExpanded(true), delay);
  }, [enabled, delay, cancel]);

  const onMouseLeave = useCallback(() => {
    cancel();
    setExpanded(false);
  }, [cancel]);

  const onFocus = useCallback(() => {
    if (enabled) setExpanded(true);
  }, [enabled]);

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setExpanded(false);
  }, []);

  return { expanded: enabled && expanded, handlers: { onMouseEnter, onMouseLeave, onFocus, onBlur } };
}
