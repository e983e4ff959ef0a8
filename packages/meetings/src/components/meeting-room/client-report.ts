// What the meeting room page tells the server about its client once connected: what only the
// browser knows (network type, the labels of the camera, microphone and speaker in use). The server
// reads the operating system, browser and platform from the user agent itself.
import type { ParticipantClientReport } from '../../api/meetings/report-participant-client';

type NetworkInformation = { type?: string; effectiveType?: string };

const label = (value: string | undefined, max = 200) => (value ? value.slice(0, max) : undefined);

/** The report for this browser: devices from the tracks it sends, the speaker from the default audio output. */
export async function clientReport(devices: { camera: string | null; mic: string | null }, nav: Navigator = navigator): Promise<Omit<ParticipantClientReport, 'token' | 'opaqueId'>> {
  const connection = (nav as Navigator & { connection?: NetworkInformation }).connection;
  let speaker: string | undefined;
  try {
    const outputs = (await nav.mediaDevices?.enumerateDevices?.())?.filter((device) => device.kind === 'audiooutput') ?? [];
    speaker = (outputs.find((device) => device.deviceId === 'default') ?? outputs[0])?.label || undefined;
  } catch {
    speaker = undefined;
  }
  const report = {
    network: label(connection?.type && connection.type !== 'unknown' ? connection.type : connection?.effectiveType, 40),
    camera: label(devices.camera ?? undefined),
    mic: label(devices.mic ?? undefined),
    speaker: label(speaker),
  };
  return Object.fromEntries(Object.entries(report).filter(([, value]) => value !== undefined));
}
