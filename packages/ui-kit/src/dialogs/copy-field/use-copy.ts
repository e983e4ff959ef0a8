import { useClipboard } from '@mantine/hooks';

/** How long the "Copied" feedback stays. */
export const COPIED_FEEDBACK_MS = 2000;

export function useCopy(value: string, onCopy?: (value: string) => void) {
  const clipboard = useClipboard({ timeout: COPIED_FEEDBACK_MS });
  return {
    copied: clipboard.copied,
    failed: clipboard.error !== null,
    copy: () => {
      clipboard.copy(value);
      onCopy?.(value);
    },
  };
}
