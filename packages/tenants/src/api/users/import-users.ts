import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { readFileText } from '../../utils/read-file-text';
import { userKeys } from './keys';
import { OWN_ERROR_NOTICE } from '@portal/forms';

/** The server's limit (413 `file_too_large`), checked before upload too. */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** Header row of the import (and export) CSV. */
export const IMPORT_CSV_HEADER = 'email,firstName,lastName,role';

/** The request options of an import: the file's text as the body, as is (the default serializer would JSON-quote it). */
export async function csvFileRequest(file: Blob) {
  const csv = await readFileText(file);
  return { body: csv, bodySerializer: (body: string) => body, headers: { 'Content-Type': 'text/csv' } };
}

export async function importUsers({ file }: { file: Blob }) {
  return ok(api().POST('/users/import', await csvFileRequest(file)));
}

/** Imports all rows of a CSV file or none (422 `import_invalid` with `rowErrors`). */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: OWN_ERROR_NOTICE,
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
