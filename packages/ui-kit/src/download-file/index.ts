export { downloadFile } from './download-file';
