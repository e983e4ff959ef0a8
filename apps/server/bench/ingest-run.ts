// One run of the ingest benchmarks (media-ingest.bench.ts over HTTP and directly, media-broker.bench.ts
// through RabbitMQ): a tenant's meetings on one node, each participant sending an audio and a video
// statistics sample every 2 s of simulated time, with joins, publications and leaves around them,
// as the portal's own events or as Janus's event handlers send them.
import type { AppDatabase } from '../src/kernel/db/database.ts';
import { meetingRooms, meetings } from '../src/kernel/db/schema.ts';
import { opaqueIdOf, type MediaEvent } from '../src/live/events.ts';
import type { JanusEvent } from '../src/media/janus-events.ts';
import { platformMeetingOptions } from '../src/meetings/options.ts';
import { insertTenant } from '../src/tenants/insert-tenant.ts';

/** How big a run is: meetings, participants in each, ticks of 2 s. */
export type IngestShape = { meetings: number; participants: number; ticks: number };

export type Run = { meetingIds: string[]; t0: number; shape: IngestShape };

/** A tenant with the run's meetings, their rooms placed on the bench's node. */
export async function seedIngestRun(database: AppDatabase, tenant: string, shape: IngestShape): Promise<Run> {
  return database.withPlatform(async (tx) => {
    const seeded = await insertTenant(tx, { sname: tenant, name: `Bench ${tenant}`, users: [{ email: `host@${tenant}.bench`, firstName: 'Host', lastName: 'Bench', roles: ['member'], passwordHash: null }] });
    const hostId = Object.values(seeded.userIds)[0]!;
    const rows = await tx
      .insert(meetings)
      .values(
        Array.from({ length: shape.meetings }, (_, i) => ({
          tenantId: seeded.tenantId,
          code: String(9_100_000_000 + Math.floor(Math.random() * 800_000_000) + i),
          kind: 'scheduled' as const,
          hostId,
          topic: `Bench meeting ${i + 1}`,
          startsAt: new Date(),
          durationMinutes: 60,
          timeZone: 'UTC',
          options: platformMeetingOptions,
        })),
      )
      .returning({ id: meetings.id });
    // Their rooms placed on the bench's node: a node's events count only for rooms the portal placed on it.
    await tx.insert(meetingRooms).values(rows.map((row, i) => ({ meetingId: row.id, tenantId: seeded.tenantId, roomId: 7_000_000 + i, roomSecret: 'bench', node: 'bench-node' })));
    return { meetingIds: rows.map((row) => row.id), t0: Date.now(), shape };
  });
}

const participantsOf = (run: Run, meetingIndex: number) => Array.from({ length: run.shape.participants }, (_, p) => `guest-${String(meetingIndex).padStart(8, '0')}-0000-4000-8000-${String(p).padStart(12, '0')}`);

/** One tick's events (portal model): the first opens and fills the rooms, the last empties and closes them, every one measures. */
export function portalTick(run: Run, tick: number, prefix: string): MediaEvent[] {
  const events: MediaEvent[] = [];
  const at = run.t0 + tick * 2_000;
  run.meetingIds.forEach((meetingId, m) => {
    const base = { node: 'bench-node', meetingId };
    let n = 0;
    const key = () => `${prefix}:${tick}:${m}:${n++}`;
    if (tick === 0) events.push({ ...base, key: key(), at, type: 'room.opened' });
    for (const participant of participantsOf(run, m)) {
      if (tick === 0) {
        events.push({ ...base, key: key(), at: at + 1, type: 'participant.joined', participant, display: `Guest ${participant.slice(-3)}` });
        events.push({ ...base, key: key(), at: at + 2, type: 'stream.published', participant, streams: [{ kind: 'audio', codec: 'opus' }, { kind: 'video', codec: 'vp8' }] });
      }
      const loss = Math.random() < 0.05 ? 8 : Math.random();
      events.push({ ...base, key: key(), at: at + 3, type: 'media.stats', participant, kind: 'audio', codec: 'opus', inKbps: 30, outKbps: 120, packetLoss: loss, jitterMs: 3, rttMs: 25 });
      events.push({ ...base, key: key(), at: at + 3, type: 'media.stats', participant, kind: 'video', codec: 'vp8', inKbps: 600 + Math.round(Math.random() * 600), outKbps: 2_400, packetLoss: loss, jitterMs: 6, rttMs: 25 });
      if (tick === run.shape.ticks - 1) events.push({ ...base, key: key(), at: at + 4, type: 'participant.left', participant, reason: 'hangup' });
    }
    if (tick === run.shape.ticks - 1) events.push({ ...base, key: key(), at: at + 5, type: 'room.closed' });
  });
  return events;
}

/** The same tick as the sample event handler posts it (the rooms' opening and closing come from the portal itself). */
export function janusTick(run: Run, tick: number): JanusEvent[] {
  const events: JanusEvent[] = [];
  const at = (run.t0 + tick * 2_000) * 1_000;
  run.meetingIds.forEach((meetingId, m) => {
    participantsOf(run, m).forEach((participant, p) => {
      const handle = { emitter: 'bench-node', session_id: 1_000_000 + m * 100 + p, handle_id: 2_000_000 + m * 100 + p, opaque_id: opaqueIdOf(meetingId, participant) };
      if (tick === 0) {
        events.push({ ...handle, type: 64, timestamp: at + 1, event: { plugin: 'janus.plugin.videoroom', data: { event: 'joined', room: 1234, id: 3_000 + p, display: `Guest ${p}` } } });
        events.push({ ...handle, type: 64, timestamp: at + 2, event: { plugin: 'janus.plugin.videoroom', data: { event: 'published', room: 1234, id: 3_000 + p, streams: [{ type: 'audio', mid: '0', codec: 'opus' }, { type: 'video', mid: '1', codec: 'vp8' }] } } });
      }
      for (const [media, codec, bytes] of [['audio', 'opus', 3_800], ['video', 'vp8', 95_000]] as const) {
        events.push({
          ...handle,
          type: 32,
          subtype: 3,
          timestamp: at + 3 + (media === 'video' ? 1 : 0),
          event: { mid: media === 'audio' ? '0' : '1', media, codec, base: media === 'audio' ? 48_000 : 90_000, rtt: 25, lost: Math.floor(Math.random() * 3), 'jitter-local': 4, 'jitter-remote': 3, 'packets-received': 100 * (tick + 1), 'packets-sent': 0, 'bytes-received-lastsec': bytes, 'bytes-sent-lastsec': 0 },
        });
      }
      if (tick === run.shape.ticks - 1) events.push({ ...handle, type: 2, timestamp: at + 10, event: { name: 'detached', plugin: 'janus.plugin.videoroom', opaque_id: handle.opaque_id } });
    });
  });
  return events;
}

