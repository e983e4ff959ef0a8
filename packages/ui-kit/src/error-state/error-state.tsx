import { Alert, Button, Center, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export type ErrorStateProps = {
  message: ReactNode;
  actionLabel: ReactNode;
  onAction: () => void;
  /** `screen` fills the viewport (start-up failures); `section` sits inside a page. */
  size?: 'screen' | 'section';
};

/** A failure the user can act on: the message and one way out (retry, reload). */
export function ErrorState({ message, actionLabel, onAction, size = 'section' }: ErrorStateProps) {
  return (
    <Center {...(size === 'screen' ? { h: '100dvh' } : { mih: '60dvh' })} p="md">
      <Stack align="center" gap="md">
        <Alert color="red" variant="light" role="alert">
          {message}
        </Alert>
        <Button variant={size === 'screen' ? 'filled' : 'default'} onClick={onAction}>
          {actionLabel}
        </Button>
      </Stack>
    </Center>
  );
}
