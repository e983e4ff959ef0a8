export { feedbackHandlers } from './handlers.ts';
export { feedbackTicketOf } from './ticket.ts';
