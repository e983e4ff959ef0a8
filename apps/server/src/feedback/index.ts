export { feedbackHandlers } from './handlers.ts';
export { feedbackTicketOf } from '../meetings/feedback-ticket.ts';
