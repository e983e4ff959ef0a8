export { enqueueMail } from './outbox.ts';
export type { OutgoingMail } from './outbox.ts';
export { startMailWorker, retryDelaySeconds, MAX_ATTEMPTS } from './worker.ts';
export type { MailWorker, MailWorkerOptions, MailWorkerConfig, MailWorkerDatabase, MailWorkerLog } from './worker.ts';
export { inviteMail, escapeHtml } from './templates.ts';
export type { RenderedMail } from './templates.ts';
