import { useMutation } from '@tanstack/react-query';
import { api, ok } from '@portal/api-client';

export function getMeetingInvitationText({ meetingId, occurrence }: { meetingId: string; occurrence?: string }) {
  return ok(api().GET('/meetings/{meetingId}/invitation-text', { params: { path: { meetingId }, query: occurrence ? { occurrence } : {} } }));
}

/**
 * The invitation text the Copy action puts on the clipboard, in the caller's language. Fetched
 * on demand (a mutation): it is read once per click, never shown.
 */
export function useCopyInvitationText() {
  return useMutation({
    mutationFn: async ({ rewrite = (text) => text, ...input }: { meetingId: string; occurrence?: string; rewrite?: (text: string) => string }) => {
      const { text } = await getMeetingInvitationText(input);
      const copied = rewrite(text);
      await navigator.clipboard.writeText(copied);
      return copied;
    },
  });
}
