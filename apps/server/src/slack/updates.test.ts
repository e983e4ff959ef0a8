import { describe, expect, it } from 'vitest';
import { maxPeopleLines, messagesFor } from './updates.ts';

const start = new Date('2026-11-25T12:00:00Z');
const session = { id: 's1', startedAt: start, endedAt: null, participants: 0 };
const channel = { lastEventId: 0, lastDurationAt: null, postedRecordings: [], createdAt: start };
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('messagesFor (what one follow run posts to a channel)', () => {
  it('tells joins and leaves by name, the leave by the participant row, in one message per run', () => {
    const result = messagesFor(
      channel,
      'Standup',
      [session],
      [
        { id: 1, sessionId: 's1', type: 'participant.joined', participantKey: 'u1', occurredAt: at(5), data: { display: 'Ada' } },
        { id: 2, sessionId: 's1', type: 'participant.left', participantKey: 'guest-1', occurredAt: at(65), data: {} },
      ],
      [],
      at(70),
      [{ sessionId: 's1', participantKey: 'guest-1', displayName: 'Bob' }],
    );
    expect(result.texts).toEqual(['Ada joined Standup (running for 0 min).', 'Bob left Standup (running for 1 min).']);
    expect(result.lastEventId).toBe(2);
  });

  it("shows a name or topic with Slack's markup characters literally, so a guest cannot ping the channel", () => {
    const result = messagesFor(
      channel,
      'Q&A <b>',
      [session],
      [{ id: 1, sessionId: 's1', type: 'participant.joined', participantKey: 'guest-2', occurredAt: at(5), data: { display: '<!channel>' } }],
      [],
      at(10),
    );
    expect(result.texts).toEqual(['&lt;!channel&gt; joined Q&amp;A &lt;b&gt; (running for 0 min).']);
  });

  it(`batches a busy run: ${maxPeopleLines} joins and leaves by name, the rest counted in one line`, () => {
    const events = Array.from({ length: maxPeopleLines + 5 }, (_, index) => ({
      id: index + 1,
      sessionId: 's1',
      type: 'participant.joined',
      participantKey: `u${index}`,
      occurredAt: at(index),
      data: { display: `Person ${index}` },
    }));
    const result = messagesFor(channel, 'All hands', [session], events, [], at(30));
    expect(result.texts).toHaveLength(maxPeopleLines + 1);
    expect(result.texts.at(-1)).toBe('5 more joins and leaves.');
    expect(result.lastEventId).toBe(maxPeopleLines + 5);
  });

  it('sums the meeting up at its end with who took part', () => {
    const ended = { ...session, endedAt: at(45 * 60), participants: 3 };
    const result = messagesFor(channel, 'Review', [ended], [{ id: 9, sessionId: 's1', type: 'room.closed', participantKey: null, occurredAt: at(45 * 60), data: {} }], [], at(46 * 60), [
      { sessionId: 's1', participantKey: 'u1', displayName: 'Ada' },
      { sessionId: 's1', participantKey: 'u2', displayName: 'Bob' },
      { sessionId: 's1', participantKey: 'u3', displayName: 'Ada' },
    ]);
    expect(result.texts).toEqual(['The meeting Review has ended. Duration: 45 min; participants: 3 (Ada, Bob).']);
  });
});
