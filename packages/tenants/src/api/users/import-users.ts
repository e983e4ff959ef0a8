import { readFileText } from '../../utils/read-file-text';

/** The server's limit (413 `file_too_large`), checked before upload too. */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** Header row of the import (and export) CSV. */
export const IMPORT_CSV_HEADER = 'email,firstName,lastName,role';

/** The request options of an import: the file's text as the body, as is (the default serializer would JSON-quote it). */
export async function csvFileRequest(file: Blob) {
  const csv = await readFileText(file);
  return { body: csv, bodySerializer: (body: string) => body, headers: { 'Content-Type': 'text/csv' } };
}
