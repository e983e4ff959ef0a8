// The feedback ticket a join grant carries: sealed by the server (AES-GCM, kernel/crypto/secret-box.ts), it
// names the meeting and the participant key the grant gave, so only the person who received that
// grant can rate the meeting as that participant. The Janus token of the grant cannot serve: it is
// revoked when the meeting ends, which is exactly when people rate it. A ticket is good for a week.
import type { SecretBox } from '../kernel/crypto/secret-box.ts';

export const ticketLifetimeMs = 7 * 86_400_000;

type Ticket = { kind: 'feedback'; meetingId: string; participant: string; issuedAt: number };

export function feedbackTicketOf(secrets: SecretBox, meetingId: string, participant: string, now = Date.now()): string {
  const ticket: Ticket = { kind: 'feedback', meetingId, participant, issuedAt: now };
  return secrets.seal(JSON.stringify(ticket));
}

/** The meeting and participant a ticket names, or null when this server did not seal it, it is not a feedback ticket, or it expired. */
export function openFeedbackTicket(secrets: SecretBox, sealed: string, now = Date.now()): { meetingId: string; participant: string } | null {
  let ticket: Partial<Ticket>;
  try {
    ticket = JSON.parse(secrets.open(sealed)) as Partial<Ticket>;
  } catch {
    return null;
  }
  if (ticket.kind !== 'feedback' || typeof ticket.meetingId !== 'string' || typeof ticket.participant !== 'string' || typeof ticket.issuedAt !== 'number') return null;
  if (now - ticket.issuedAt > ticketLifetimeMs || ticket.issuedAt > now + 60_000) return null;
  return { meetingId: ticket.meetingId, participant: ticket.participant };
}
