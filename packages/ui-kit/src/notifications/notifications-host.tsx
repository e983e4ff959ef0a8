import { useDirection, useMantineEnv } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/** Spec: snackbars hide after 4000 ms. */
export const NOTIFICATION_AUTO_CLOSE_MS = 4000;

export type NotificationsHostProps = {
  /** How many snackbars are visible at once; further ones queue. */
  limit?: number;
};

/**
 * Mount once near the root (inside MantineProvider) so `notify.*` has somewhere to render.
 * Top right as the spec says; mirrored to the top left in right-to-left languages. Under Mantine's
 * `test` env (tests and stories) snackbars appear without fading in, so a check right after the
 * action sees them visible in a real browser too. They start below the app shell's header (its
 * height is a variable Mantine sets on the root), so 'Login successful' no longer covers the
 * language and account menus in that corner.
 */
// Mantine renders a container for every position and this style reaches each of them: `bottom:
// auto` keeps the unused bottom ones empty boxes, where with both `top` and `bottom` set the
// bottom-centre one spanned the page's middle and took the clicks meant for it (the Login button).
const belowHeader = { top: 'calc(var(--app-shell-header-offset, 0rem) + var(--mantine-spacing-md))', bottom: 'auto' };

export function NotificationsHost({ limit = 5 }: NotificationsHostProps) {
  const { dir } = useDirection();
  const instant = useMantineEnv() === 'test';
  return (
    <Notifications
      position={dir === 'rtl' ? 'top-left' : 'top-right'}
      autoClose={NOTIFICATION_AUTO_CLOSE_MS}
      limit={limit}
      style={belowHeader}
      {...(instant ? { transitionDuration: 0 } : {})}
    />
  );
}
