import { Modal, type ModalProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export type DialogProps = ModalProps & {
  /** Keeps the dialog open while its action runs: no Escape, no outside click, no close button. */
  busy?: boolean;
};

/**
 * The portal's modal dialog: Mantine's Modal, centred, whose close button has a name assistive
 * technology can read ("Close", translated), which Mantine's own does not. Every dialog of the
 * portal is one of these (FormDialog and ConfirmDialog too); lint keeps `Modal` itself to here.
 */
export function Dialog({ busy = false, closeButtonProps, ...props }: DialogProps) {
  const { t } = useLingui();
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
