import { Alert, Anchor, FileInput, List, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError, type RowError } from '@portal/api-client';
import { messageForProblem, problemMessages, validationMessages } from '@portal/i18n';
import { FormDialog, notify } from '@portal/ui-kit';
import { isImportFinished, useUserImport, type UserImportRef } from '../../api/users/get-user-import';
import { IMPORT_MAX_BYTES } from '../../api/users/import-users';
import { userKeys } from '../../api/users/keys';
import { useStartUserImport, type UserImport } from '../../api/users/start-user-import';
import { IMPORT_TEMPLATE_FILE_NAME, IMPORT_TEMPLATE_HREF } from '../../utils/import-template';
import { fieldErrorText, problemText } from '@portal/forms';

export type ImportUsersDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The tenant to import into (the tenant list's action); without it, the caller's own tenant. */
  tenant?: { id: string; name: string } | null;
};

/**
 * Uploads a CSV of users, into the caller's own tenant or into `tenant`. The server's job checks
 * every row before it creates any: on errors it lists them per row and nothing is created. While
 * it runs the dialog shows how far it got (rows read, created, refused). Files over 1 MB are
 * refused before upload.
 */
export function ImportUsersDialog({ opened, onClose, tenant }: ImportUsersDialogProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const start = useStartUserImport();
  const [running, setRunning] = useState<UserImportRef | null>(null);
  const progress = useUserImport(running);
  const job = running ? progress.data : undefined;
  const busy = start.isPending || (running !== null && (!job || !isImportFinished(job.status)));
  const tenantName = tenant?.name;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<RowError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (next: File | null) => {
    setFile(next);
    setRowErrors([]);
    setFailure(null);
    setRunning(null);
    setFileError(next && next.size > IMPORT_MAX_BYTES ? i18n._(validationMessages.fileTooLarge1Mb) : null);
  };

  const status = job?.status;
  useEffect(() => {
    if (!job || !isImportFinished(job.status)) return;
    if (job.createdRows > 0) void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    if (job.status === 'done') {
      const created = job.createdRows;
      notify.success(t({ message: plural(created, { one: '# user imported', other: '# users imported' }) }));
      onClose();
    } else if (job.status === 'refused') {
      setRowErrors(job.rowErrors);
    } else {
      setFailure(messageForProblem(job.errorCode, i18n));
    }
    // Once per finished import: the job's status is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, running]);

  const submit = async () => {
    if (!file) {
      setFileError(i18n._(validationMessages.required));
      return;
    }
    if (fileError) return;
    setRowErrors([]);
    setFailure(null);
    try {
      const started = await start.mutateAsync({ file, tenantId: tenant?.id });
      setRunning({ importId: started.id, tenantId: tenant?.id });
    } catch (error) {
      if (isApiError(error) && error.code === 'file_too_large') setFileError(i18n._(validationMessages.fileTooLarge1Mb));
      else notify.error(problemText(error, i18n));
    }
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t`Import users`}
      submitLabel={t`Import`}
      loading={busy}
      submitDisabled={busy || fileError !== null}
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
      {job && running ? <ImportProgress job={job} /> : null}
      {failure ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          {failure}
        </Alert>
      ) : null}
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

/** Rows read, created and refused of a running (or finished) import, announced politely as they change. */
function ImportProgress({ job }: { job: UserImport }) {
  const { t } = useLingui();
  const total = job.totalRows ?? 0;
  const read = job.readRows;
  const created = job.createdRows;
  const refused = job.refusedRows;
  const done = job.status === 'creating' || job.status === 'done' ? created : read;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const phase = job.status === 'queued' ? t`Waiting to start…` : job.status === 'checking' ? t`Reading and checking rows…` : job.status === 'creating' ? t`Creating users…` : null;
  return (
    <Stack gap={4} role="status" aria-live="polite" aria-label={t`Import progress`}>
      {phase ? <Text size="sm">{phase}</Text> : null}
      <Progress value={percent} animated={!isImportFinished(job.status)} aria-label={t`Import progress`} />
      <Text size="sm" c="dimmed">
        {job.totalRows === null ? t`Rows read: ${read}` : t`Rows read: ${read} of ${total}`} · {t`Created: ${created}`} · {t`Refused: ${refused}`}
      </Text>
    </Stack>
  );
}
