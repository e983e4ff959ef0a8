import { Modal, type ModalProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef } from 'react';

export type DialogProps = ModalProps & {
  /** Keeps the dialog open while its action runs: no Escape, no outside click, no close button. */
  busy?: boolean;
};

/**
 * Gives the focus back to the control that opened the dialog once it closes. Mantine does so
 * only for a dialog whose `opened` turns true after it mounted; the portal's dialogs are usually
 * mounted already open (keyed by useDialogState so their form starts fresh), and then the focus
 * fell to the page's start. The opener is what has the focus when the dialog renders open, before
 * the focus trap moves it (the trap waits a tick); it is focused again 10 ms after closing, as
 * Mantine does, unless the focus has gone somewhere else meanwhile.
 */
function useFocusReturnToOpener(opened: boolean, enabled: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!enabled) return undefined;
    if (opened) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return undefined;
    }
    const target = opener.current;
    opener.current = null;
    if (!target) return undefined;
    const focusedAtClose = document.activeElement;
    const timer = window.setTimeout(() => {
      const focused = document.activeElement;
      const lost = focused === null || focused === document.body || focused === focusedAtClose || !focused.isConnected;
      if (lost && target.isConnected) target.focus({ preventScroll: true });
    }, 10);
    return () => window.clearTimeout(timer);
  }, [opened, enabled]);
}

/**
 * The portal's modal dialog: Mantine's Modal, centred, whose close button has a name assistive
 * technology can read ("Close", translated), which Mantine's own does not, and which gives the
 * focus back to its opener when it closes. Every dialog of the portal is one of these (FormDialog
 * and ConfirmDialog too); lint keeps `Modal` itself to here.
 */
export function Dialog({ busy = false, closeButtonProps, ...props }: DialogProps) {
  const { t } = useLingui();
  useFocusReturnToOpener(props.opened, props.returnFocus !== false && props.trapFocus !== false);
  return (
    <Modal
      centered
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
      {...props}
      closeButtonProps={{ 'aria-label': t`Close`, ...closeButtonProps }}
    />
  );
}
