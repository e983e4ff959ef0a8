export { enqueueMail } from './outbox.ts';
export type { OutgoingMail } from './outbox.ts';
export { startMailWorker, retryDelaySeconds, LEASE_SECONDS, MAX_ATTEMPTS } from './worker.ts';
export type { MailWorker, MailWorkerOptions, MailWorkerConfig, MailWorkerDatabase, MailWorkerLog } from './worker.ts';
export { confirmEmailMail, escapeHtml, inviteMail, mailLanguages, pickMailLanguage, resetPasswordMail, signupMail } from './templates.ts';
export type { AccountMailInput, MailBranding, MailLanguage, MailTemplate, RenderedMail } from './templates.ts';
