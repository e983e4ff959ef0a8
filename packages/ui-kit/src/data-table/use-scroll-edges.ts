import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Which sides of a sideways-scrolling box hide more content, in reading order (start/end, not left/right). */
export type ScrollEdges = { start: boolean; end: boolean };

/** Sub-pixel widths (zoom, high-density screens) leave a scroll remainder that is not content. */
const SLACK_PX = 1;

/**
 * Follows a horizontally scrolling element and tells which edges have more beyond them. Right to
 * left, browsers count `scrollLeft` from 0 at the start down to negative values, so its size is the
 * distance from the start in either direction.
 */
export function useScrollEdges<E extends HTMLElement>(watch: unknown) {
  const ref = useRef<E>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const fromStart = Math.abs(element.scrollLeft);
    const rest = element.scrollWidth - element.clientWidth - fromStart;
    const next = { start: fromStart > SLACK_PX, end: rest > SLACK_PX };
    setEdges((current) => (current.start === next.start && current.end === next.end ? current : next));
  }, []);
  useLayoutEffect(() => {
    measure();
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure, watch]);
  return { ref, edges, onScroll: measure };
}
