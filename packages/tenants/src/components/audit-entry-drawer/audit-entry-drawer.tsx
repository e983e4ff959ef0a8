import { Badge, Code, Drawer, Group, Stack, Table, Text, useDirection, VisuallyHidden } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../api/audit-log/get-audit-log';
import { actionColors, actionLabels, entityLabels } from '../../utils/audit-labels';
import { diffEntry } from './entry-diff';

export type AuditEntryDrawerProps = {
  opened: boolean;
  entry: AuditEntry | null;
  onClose: () => void;
};

/** One audit entry: who, when, from where, and its values before and after side by side, changes highlighted. */
export function AuditEntryDrawer({ opened, entry, onClose }: AuditEntryDrawerProps) {
  const { t, i18n } = useLingui();
  const { dir } = useDirection();
  const rows = entry ? diffEntry(entry.before, entry.after) : [];
  const entityLabel = entry ? entityLabels[entry.entity] : undefined;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // The drawer slides in from the reading end: the right in LTR, the left in RTL.
      position={dir === 'rtl' ? 'left' : 'right'}
      size="xl"
      title={t`Change details`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {entry ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={actionColors[entry.action]} variant="light">
              {i18n._(actionLabels[entry.action])}
            </Badge>
            <Text fw={500}>{entityLabel ? i18n._(entityLabel) : entry.entity}</Text>
            {entry.entityId ? <Code dir="ltr">{entry.entityId}</Code> : null}
          </Group>
          <Text size="sm">
            <Trans>
              By {entry.actor} on <time dateTime={entry.createdAt}>{i18n.date(new Date(entry.createdAt), { dateStyle: 'medium', timeStyle: 'medium' })}</time>
            </Trans>
            {entry.ip ? (
              <>
                {' · '}
                <Trans>from</Trans> <span dir="ltr">{entry.ip}</span>
              </>
            ) : null}
          </Text>
          {rows.length === 0 ? (
            <Text c="dimmed">
              <Trans>No values were recorded.</Trans>
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table aria-label={t`Values before and after`} layout="fixed" withColumnBorders>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="22%">
                      <Trans>Field</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Before</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>After</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key} data-changed={row.changed || undefined} bg={row.changed ? 'var(--mantine-color-yellow-light)' : undefined}>
                      <Table.Td>
                        <Text size="sm" fw={row.changed ? 700 : 400}>
                          {row.key}
                          {row.changed ? <VisuallyHidden>{` (${t`changed`})`}</VisuallyHidden> : null}
                        </Text>
                      </Table.Td>
                      {/* Values are data (emails, urls, JSON): always left to right. */}
                      <Table.Td dir="ltr" style={{ wordBreak: 'break-word' }}>
                        <Text size="sm" ff="monospace">
                          {row.before || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td dir="ltr" style={{ wordBreak: 'break-word' }}>
                        <Text size="sm" ff="monospace">
                          {row.after || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}
