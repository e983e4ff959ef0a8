import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type NotifyVariant = 'success' | 'error' | 'warning' | 'info';

type VariantStyle = { color: string; icon: ReactNode; role: 'status' | 'alert' };

// Errors and warnings interrupt assistive technology (role=alert); confirmations wait politely.
const VARIANTS: Record<NotifyVariant, VariantStyle> = {
  success: { color: 'green', icon: <IconCheck size={18} aria-hidden="true" />, role: 'status' },
  error: { color: 'red', icon: <IconX size={18} aria-hidden="true" />, role: 'alert' },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} aria-hidden="true" />, role: 'alert' },
  info: { color: 'blue', icon: <IconInfoCircle size={18} aria-hidden="true" />, role: 'status' },
};

function show(variant: NotifyVariant, message: string, title?: string): string {
  const style = VARIANTS[variant];
  return notifications.show({
    message,
    title,
    color: style.color,
    icon: style.icon,
    role: style.role,
    withBorder: true,
    'data-variant': variant,
  });
}

/**
 * Snackbar messages (spec: success, warning, error, info; top right; 4000 ms). Messages are
 * already translated by the caller. Needs a mounted `NotificationsHost`. Each call returns the
 * notification id.
 */
export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  info: (message: string, title?: string) => show('info', message, title),
  hide: (id: string) => notifications.hide(id),
  clean: () => notifications.clean(),
} as const;
