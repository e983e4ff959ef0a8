import { Alert, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconTool } from '@tabler/icons-react';
import { isApiError } from '@portal/api-client';
import { problemMessages } from '@portal/i18n';
import { SupportContact } from '@portal/ui-kit';

export type MaintenanceNoticeProps = {
  /** The platform's support address (getTenantInfo `supportEmail`), offered when set. */
  supportEmail?: string | null;
};

/** Whether a failed call was closed by the platform's maintenance mode (503 `maintenance`). */
export const isMaintenanceError = (error: unknown): boolean => isApiError(error) && error.code === 'maintenance';

/**
 * The portal is closed for maintenance (the global configuration's system section): the same
 * words as the server's 503 `maintenance` answer, and the support address when one is saved.
 */
export function MaintenanceNotice({ supportEmail }: MaintenanceNoticeProps) {
  const { i18n } = useLingui();
  return (
    <Alert color="orange" variant="light" role="status" icon={<IconTool size={18} aria-hidden />}>
      <Stack gap={4}>
        <Text size="sm">{i18n._(problemMessages.maintenance)}</Text>
        {supportEmail ? <SupportContact email={supportEmail} /> : null}
      </Stack>
    </Alert>
  );
}
