import { Alert, Anchor, FileInput, List, ScrollArea, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError, type RowError } from '@portal/api-client';
import { problemMessages, validationMessages } from '@portal/i18n';
import { FormDialog, notify } from '@portal/ui-kit';
import { useImportTenantUsers } from '../../api/users/import-tenant-users';
import { IMPORT_MAX_BYTES, useImportUsers } from '../../api/users/import-users';
import { IMPORT_TEMPLATE_FILE_NAME, IMPORT_TEMPLATE_HREF } from '../../utils/import-template';
import { fieldErrorText, problemText } from '@portal/forms';

export type ImportUsersDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The tenant to import into (the tenant list's action); without it, the caller's own tenant. */
  tenant?: { id: string; name: string } | null;
};

/**
 * Uploads a CSV of users, into the caller's own tenant or into `tenant`. The server imports every
 * row or none: on errors it lists them per row and nothing is created. Files over 1 MB are refused
 * before upload.
 */
export function ImportUsersDialog({ opened, onClose, tenant }: ImportUsersDialogProps) {
  const { t, i18n } = useLingui();
  const importOwn = useImportUsers();
  const importIntoTenant = useImportTenantUsers();
  const pending = importOwn.isPending || importIntoTenant.isPending;
  const tenantName = tenant?.name;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);

  const choose = (next: File | null) => {
    setFile(next);
    setRowErrors([]);
    setFileError(next && next.size > IMPORT_MAX_BYTES ? i18n._(validationMessages.fileTooLarge1Mb) : null);
  };

  const submit = async () => {
    if (!file) {
      setFileError(i18n._(validationMessages.required));
      return;
    }
    if (fileError) return;
    try {
      const { created } = tenant ? await importIntoTenant.mutateAsync({ tenantId: tenant.id, file }) : await importOwn.mutateAsync({ file });
      notify.success(t({ message: plural(created, { one: '# user imported', other: '# users imported' }) }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'file_too_large') setFileError(i18n._(validationMessages.fileTooLarge1Mb));
      else if (isApiError(error) && error.code === 'import_invalid' && error.rowErrors.length > 0) setRowErrors(error.rowErrors);
      else notify.error(problemText(error, i18n));
    }
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t`Import users`}
      submitLabel={t`Import`}
      loading={pending}
      submitDisabled={pending || fileError !== null}
      onSubmit={() => void submit()}
    >
      <Text size="sm">
        <Trans>
          A CSV file with a header row and the columns email, firstName, lastName and role, at most 1 MB. Imported users have no password
          yet: invite them from the list to let them set one.
        </Trans>
      </Text>
      {tenant ? (
        <Text size="sm" fw={500}>
          <Trans>The users are created in the tenant {tenantName}.</Trans>
        </Text>
      ) : null}
      <Anchor href={IMPORT_TEMPLATE_HREF} download={IMPORT_TEMPLATE_FILE_NAME} size="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <IconDownload size={16} aria-hidden="true" />
        <Trans>Download template</Trans>
      </Anchor>
      <FileInput
        label={t`CSV file`}
        placeholder={t`Choose a file`}
        accept=".csv,text/csv"
        required
        clearable
        value={file}
        onChange={choose}
        error={fileError}
        leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
        data-autofocus
      />
      {rowErrors.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={i18n._(problemMessages.import_invalid)}>
          <ScrollArea.Autosize mah={220} type="auto">
            <List size="sm" spacing={4} aria-label={t`Errors by row`}>
              {rowErrors.map((rowError) => {
                const row = rowError.row;
                const field = rowError.field;
                const message = fieldErrorText(rowError.code, i18n);
                return (
                  <List.Item key={`${row}-${field}-${rowError.code}`}>
                    <Trans>
                      Row {row}, {field}: {message}
                    </Trans>
                  </List.Item>
                );
              })}
            </List>
          </ScrollArea.Autosize>
        </Alert>
      ) : null}
    </FormDialog>
  );
}
