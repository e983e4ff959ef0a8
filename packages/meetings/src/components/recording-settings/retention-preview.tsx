import { Alert, Loader, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRetentionPreview } from '../../api/settings/preview-retention';
import { formatFileSize } from '../../utils/file-size';

export type RetentionPreviewProps = {
  /** The period being chosen; null keeps every recording (nothing to preview). */
  autoDeleteDays: number | null;
};

/**
 * The dry run of a retention period, before it is saved: how many cloud recordings (and bytes)
 * it would delete now, per tenant, and how many legal hold keeps. Asked again once typing pauses.
 */
export function RetentionPreview({ autoDeleteDays }: RetentionPreviewProps) {
  const { t, i18n } = useLingui();
  const [days] = useDebouncedValue(autoDeleteDays, 400);
  const preview = useRetentionPreview(days, days !== null);
  if (days === null) return null;
  if (preview.isPending) return <Loader size="sm" aria-label={t`Checking what would be deleted`} />;
  if (preview.isError) {
    return (
      <Alert color="red" variant="light">
        <Trans>What this period would delete could not be checked.</Trans>
      </Alert>
    );
  }
  const { recordings, bytes, tenants } = preview.data;
  const size = formatFileSize(bytes, i18n.locale);
  return (
    <Alert color={recordings > 0 ? 'orange' : 'gray'} variant="light" title={t`If saved now`} aria-live="polite">
      <Text size="sm">
        {recordings > 0 ? (
          <Plural value={recordings} one={`# cloud recording (${size}) would be deleted.`} other={`# cloud recordings (${size}) would be deleted.`} />
        ) : (
          <Trans>No cloud recording would be deleted.</Trans>
        )}
      </Text>
      {tenants.length > 0 ? (
        <Table.ScrollContainer minWidth={420} mt="xs">
          <Table aria-label={t`Recordings retention would delete per tenant`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Tenant Name</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Recordings</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>File Size</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Kept by legal hold</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tenants.map((tenant) => (
                <Table.Tr key={tenant.tenantId}>
                  <Table.Td>{tenant.tenantName}</Table.Td>
                  <Table.Td>{i18n.number(tenant.recordings)}</Table.Td>
                  <Table.Td>{formatFileSize(tenant.bytes, i18n.locale)}</Table.Td>
                  <Table.Td>{i18n.number(tenant.held)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Alert>
  );
}
