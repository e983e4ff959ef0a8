// Real recordings without a media server: the traffic simulator's recorded meetings and the demo
// tenant's first recordings are made from a short real Janus capture (demo-recording/: one
// publisher's audio and VP8 video, 3.5 s, recorded by test/media/recording-browser.test.ts in a
// netns run and cut to size), copied into a raw directory and converted by the SAME
// `recording.convert` job as a real meeting's, so every demo recording plays.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { AppDatabase } from '../kernel/db/database.ts';
import { meetings, meetingSessions } from '../kernel/db/schema.ts';
import type { SimulatedRecorder } from '../live/index.ts';
import { rawRecordingsDir } from './jobs.ts';
import { queueCloudRecording } from './service.ts';
import { present } from '../kernel/db/present.ts';

const demoRecordingDir = fileURLToPath(new URL('./demo-recording/', import.meta.url));

/** A fresh raw directory under DATA_DIR holding a copy of the demo capture. */
export async function copyDemoRecording(dataDir: string): Promise<string> {
  const rawDir = rawRecordingsDir(dataDir, randomUUID());
  await mkdir(rawDir, { recursive: true });
  for (const name of await readdir(demoRecordingDir)) if (name.endsWith('.mjr')) await copyFile(join(demoRecordingDir, name), join(rawDir, name));
  return rawDir;
}

export function simulatedRecorder(dataDir: string): SimulatedRecorder {
  return async (tx, recording) => {
    const [meeting] = await tx.select({ code: meetings.code, topic: meetings.topic, hostId: meetings.hostId }).from(meetings).where(eq(meetings.id, recording.meetingId));
    if (!meeting) return;
    const rawDir = await copyDemoRecording(dataDir);
    await queueCloudRecording(tx, { ...recording, code: meeting.code, topic: meeting.topic, ownerId: meeting.hostId, rawDir, audioOnly: false });
  };
}

/**
 * The demo tenant's first recordings: its latest recorded meetings of the demo history (those
 * ended), queued for conversion; the running server's job queue makes them ready within seconds.
 */
export async function seedDemoRecordings(database: AppDatabase, tenantId: string, dataDir: string, count = 6): Promise<number> {
  return database.withTenant(tenantId, async (tx) => {
    const sessions = await tx
      .select({ id: meetingSessions.id, meetingId: meetingSessions.meetingId, startedAt: meetingSessions.startedAt, endedAt: meetingSessions.endedAt })
      .from(meetingSessions)
      .where(and(eq(meetingSessions.recording, true), isNotNull(meetingSessions.endedAt), isNotNull(meetingSessions.meetingId)))
      .orderBy(desc(meetingSessions.startedAt))
      .limit(count);
    const record = simulatedRecorder(dataDir);
    for (const session of sessions) await record(tx, { tenantId, sessionId: session.id, meetingId: present(session.meetingId, 'session.meetingId'), startedAt: session.startedAt, endedAt: present(session.endedAt, 'session.endedAt') });
    return sessions.length;
  });
}
