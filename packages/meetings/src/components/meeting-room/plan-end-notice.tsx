import { Alert, Box } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconClockExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** How long before the plan's end the room says so. */
export const planEndWarningMs = 5 * 60_000;

/**
 * From 5 minutes before the tenant's plan ends the meeting (`JoinGrant.endsAt`), the time it ends;
 * the server ends it then, and the room's end comes as any other end. Re-checked every few seconds,
 * since the grant may come long before the warning is due.
 */
export function PlanEndNotice({ endsAt, now = Date.now }: { endsAt: string | undefined; now?: () => number }) {
  const { i18n } = useLingui();
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  const due = () => Number.isFinite(end) && end - now() <= planEndWarningMs;
  const [shown, setShown] = useState(due);
  useEffect(() => {
    if (!Number.isFinite(end) || shown) return;
    const timer = setInterval(() => setShown(due()), 5_000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [end, shown]);
  if (!shown) return null;
  const time = i18n.date(new Date(end), { hour: 'numeric', minute: '2-digit' });
  return (
    <Box px="md" pb="xs">
      <Alert color="orange" icon={<IconClockExclamation aria-hidden="true" />} role="status" data-testid="plan-end-notice">
        <Trans>This meeting ends at {time}: it is as long as the organisation's plan allows.</Trans>
      </Alert>
    </Box>
  );
}
