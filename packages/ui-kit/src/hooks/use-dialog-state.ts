import { useCallback, useState } from 'react';

export type DialogState<Target> = {
  opened: boolean;
  /** What the dialog acts on; kept after closing so the closing animation keeps its content. */
  target: Target | null;
  /** Changes on every open: use it as the dialog's `key` so its form starts fresh each time. */
  key: number;
  open: (target: Target) => void;
  close: () => void;
};

/** Open/close state of a dialog that acts on one thing (a user to edit, to delete ...). */
export function useDialogState<Target>(): DialogState<Target> {
  const [state, setState] = useState<{ opened: boolean; target: Target | null; key: number }>({ opened: false, target: null, key: 0 });
  const open = useCallback((target: Target) => setState((current) => ({ opened: true, target, key: current.key + 1 })), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { ...state, open, close };
}
