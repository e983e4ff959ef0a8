import { Button } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';

/** "Skip to main content": hidden until focused, the first stop for keyboard users. */
export function SkipLink({ targetId }: { targetId: string }) {
  const [focused, setFocused] = useState(false);
  return (
    <Button
      component="a"
      href={`#${targetId}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      pos="fixed"
      top={8}
      style={{ insetInlineStart: 8, zIndex: 1000, transform: focused ? undefined : 'translateY(-200%)' }}
    >
      <Trans>Skip to main content</Trans>
    </Button>
  );
}
