import { describe, expect, it } from 'vitest';
import { fakeJoinGrant } from '../../testing';
import { phaseAfterLeaving, type Phase } from './join-meeting-page';

const inRoom: Phase = { kind: 'room', grant: fakeJoinGrant({ role: 'host', feedbackTicket: 'ticket-1' }) };

describe('phaseAfterLeaving', () => {
  it('asks for a rating after leaving or the meeting ending, not after a lost connection', () => {
    expect(phaseAfterLeaving(inRoom, 'left')).toEqual({ kind: 'out', reason: 'left', ticket: 'ticket-1' });
    expect(phaseAfterLeaving(inRoom, 'ended')).toEqual({ kind: 'out', reason: 'ended', ticket: 'ticket-1' });
    expect(phaseAfterLeaving(inRoom, 'failed')).toEqual({ kind: 'out', reason: 'failed', ticket: null });
    // Put out by an administrator: no rating is asked of them.
    expect(phaseAfterLeaving(inRoom, 'removed')).toEqual({ kind: 'out', reason: 'removed', ticket: null });
  });

  it('keeps the first report when the host ends the meeting: the room’s own "ended" does not take the rating away', () => {
    // The host's click reports 'left'; the room, now closed, reports 'ended' a moment later (or first).
    const afterClick = phaseAfterLeaving(inRoom, 'left');
    expect(phaseAfterLeaving(afterClick, 'ended')).toBe(afterClick);
    const afterRoom = phaseAfterLeaving(inRoom, 'ended');
    expect(phaseAfterLeaving(afterRoom, 'left')).toBe(afterRoom);
    expect(phaseAfterLeaving(afterRoom, 'failed')).toBe(afterRoom);
  });
});
