import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';
import { readFileText } from '../utils/read-file-text';
import { userKeys } from './user-keys';

/** The server's limit (413 `file_too_large`), checked before upload too. */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** Header row of the import (and export) CSV. */
export const IMPORT_CSV_HEADER = 'email,firstName,lastName,role';

export async function importUsers(file: Blob) {
  const csv = await readFileText(file);
  return ok(
    api().POST('/users/import', {
      body: csv,
      // The body is the file's text as is; the default serializer would JSON-quote it.
      bodySerializer: (body) => body,
      headers: { 'Content-Type': 'text/csv' },
    }),
  );
}

/** Imports all rows of a CSV file or none (422 `import_invalid` with `rowErrors`). */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}
