import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec-independent house value: long enough to skip a request per keystroke, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;

export type DebouncedSearch = {
  /** What the input shows right now. */
  input: string;
  /** Updates the input and schedules the commit. */
  setInput: (next: string) => void;
  /** Commits the current input at once (Enter). */
  flush: () => void;
  /** Empties the input and commits at once. */
  clear: () => void;
};

/**
 * Local input state for a search box whose committed value (`value`, e.g. the `q` request
 * parameter) is only updated `delay` ms after typing stops. Committed values are trimmed;
 * an outside change of `value` (a reset) replaces the input.
 */
export function useDebouncedSearch(value: string, onChange: (value: string) => void, delay = SEARCH_DEBOUNCE_MS): DebouncedSearch {
  const [input, setInputState] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== input.trim()) setInputState(value);
  }

  const latest = useRef({ value, onChange, input });
  useEffect(() => {
    latest.current = { value, onChange, input };
  });

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = useCallback((next: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const trimmed = next.trim();
    if (trimmed !== latest.current.value) latest.current.onChange(trimmed);
  }, []);

  const setInput = useCallback(
    (next: string) => {
      setInputState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(next), delay);
    },
    [commit, delay],
  );

  const flush = useCallback(() => commit(latest.current.input), [commit]);
  const clear = useCallback(() => {
    setInputState('');
    commit('');
  }, [commit]);

  return { input, setInput, flush, clear };
}
