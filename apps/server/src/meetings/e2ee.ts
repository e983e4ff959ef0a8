// End-to-end encrypted meetings (issue 14 section 5). While the tenant's E2EE app is on, each new
// meeting is created end-to-end encrypted and stays so (meetings.end_to_end_encrypted), whatever
// the app says later, so links already handed out keep working as they were.
//
// The media key never reaches this server: the organiser's browser makes it when the meeting is
// scheduled and puts it in the join link's fragment (`#key=...`), which browsers do not send.
// The server only opens the room with `require_e2ee` (clear-text publishers are refused) and
// never records such a meeting: its raw recordings would be ciphertext.
import { eq } from 'drizzle-orm';
import { isPluginEnabled } from '../plugins/index.ts';
import { meetings } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { ProblemError } from '../kernel/http/problem.ts';

/** Whether a meeting the tenant creates now is end-to-end encrypted. */
export const newMeetingsEncrypted = (tx: Database, tenantId: string): Promise<boolean> => isPluginEnabled(tx, tenantId, 'e2ee');

export const encryptedMeetingProblem = () =>
  new ProblemError(409, 'meeting_end_to_end_encrypted', {
    detail: 'This meeting is end-to-end encrypted: it is never recorded or transcribed.',
  });

/**
 * Refuses (409 `meeting_end_to_end_encrypted`) work that needs a meeting's media in clear, such as
 * recording or transcription, when the meeting is end-to-end encrypted. No meeting: nothing to refuse.
 */
export async function refuseIfEncrypted(tx: Database, meetingId: string | null | undefined): Promise<void> {
  if (!meetingId) return;
  const [row] = await tx.select({ encrypted: meetings.endToEndEncrypted }).from(meetings).where(eq(meetings.id, meetingId)).limit(1);
  if (row?.encrypted) throw encryptedMeetingProblem();
}
