// The users import template, offered by the users screen's import dialog and by the tenant list:
// the import header (api/users/import-users.ts) and one example row to overwrite.
import { IMPORT_CSV_HEADER } from '../api/users/import-users';
import { downloadFile } from '@portal/ui-kit';

export const IMPORT_TEMPLATE_FILE_NAME = 'users-template.csv';

export const IMPORT_TEMPLATE_CSV = `${IMPORT_CSV_HEADER}\njane.doe@example.com,Jane,Doe,member\n`;

/** The template as a `data:` URL, for a link with a `download` attribute. */
export const IMPORT_TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(IMPORT_TEMPLATE_CSV)}`;

/** Saves the template through the browser's download. */
export function downloadImportTemplate() {
  downloadFile(new Blob([IMPORT_TEMPLATE_CSV], { type: 'text/csv' }), IMPORT_TEMPLATE_FILE_NAME);
}
