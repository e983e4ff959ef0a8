export { feedbackHandlers } from './handlers.ts';
export { feedbackTicketOf } from '../meetings/index.ts';
