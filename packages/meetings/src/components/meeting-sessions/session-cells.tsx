import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconCheck, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Schema } from '@portal/api-client';

/** A yes/no column (Video, Recording ...): an icon whose accessible name says which. */
export function YesNoIcon({ value }: { value: boolean }) {
  const { t } = useLingui();
  return value ? (
    <IconCheck size={18} color="var(--mantine-color-green-7)" role="img" aria-label={t`Yes`} />
  ) : (
    <IconMinus size={18} color="var(--mantine-color-gray-5)" role="img" aria-label={t`No`} />
  );
}

/** A participant's stream right now (the spec's camera, mic and screenshare pods): on or off, by icon and name. */
export function PodIcon({ on, onIcon, offIcon, label }: { on: boolean; onIcon: ReactNode; offIcon: ReactNode; label: string }) {
  const { t } = useLingui();
  const state = on ? t`On` : t`Off`;
  return (
    <Tooltip label={`${label}: ${state}`} withArrow openDelay={300}>
      <Text component="span" c={on ? 'green.7' : 'gray.5'} role="img" aria-label={`${label}: ${state}`} style={{ display: 'inline-flex' }}>
        {on ? onIcon : offIcon}
      </Text>
    </Tooltip>
  );
}

/** Why call quality was flagged, in the reader's language. */
function useFlagReasonText() {
  const { t } = useLingui();
  return (reason: Schema<'QualityFlagReason'>) => {
    switch (reason) {
      case 'packet_loss':
        return t`High packet loss`;
      case 'jitter':
        return t`High jitter`;
      case 'rtt':
        return t`High round-trip time`;
      default:
        return t`Poor call quality`;
    }
  };
}

/** The call-quality flag of a meeting or participant: a warning badge with the reason, or nothing. */
export function QualityFlag({ flagged, reason }: { flagged: boolean; reason?: Schema<'QualityFlagReason'> }) {
  const reasonText = useFlagReasonText();
  if (!flagged) return null;
  return (
    <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}>
      {reasonText(reason ?? null)}
    </Badge>
  );
}

/** A meeting code with its quality flag beside it. */
export function MeetingIdCell({ code, flagged }: { code: string; flagged: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span dir="ltr">{code}</span>
      <QualityFlag flagged={flagged} />
    </Group>
  );
}

/** Text that may be missing: an en dash stands in (read as "not reported"). */
export function Maybe({ value }: { value: string | number | null | undefined }) {
  const { t } = useLingui();
  if (value === null || value === undefined || value === '') {
    return (
      <Text component="span" c="dimmed" aria-label={t`Not reported`}>
        –
      </Text>
    );
  }
  return <span dir="auto">{value}</span>;
}

/** "Chrome 131", "Linux 6.1": a name and its version, either possibly missing. */
export const joinWithVersion = (name?: string, version?: string) => [name, version].filter(Boolean).join(' ') || null;
