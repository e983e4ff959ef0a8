import { describe, expect, it } from 'vitest';
import { clientReport } from './client-report';

const navigatorWith = (extra: Record<string, unknown>) => extra as unknown as Navigator;
const outputs = (devices: { deviceId: string; label: string }[]) => ({ enumerateDevices: async () => devices.map((device) => ({ ...device, kind: 'audiooutput' })) });

describe('the client report of the meeting room', () => {
  it('says the network type, the devices sent and the default speaker', async () => {
    const nav = navigatorWith({
      connection: { type: 'wifi', effectiveType: '4g' },
      mediaDevices: outputs([
        { deviceId: 'abc', label: 'HDMI' },
        { deviceId: 'default', label: 'Default - Speakers' },
      ]),
    });
    expect(await clientReport({ camera: 'Integrated Camera', mic: 'Microphone Array' }, nav)).toEqual({
      network: 'wifi',
      camera: 'Integrated Camera',
      mic: 'Microphone Array',
      speaker: 'Default - Speakers',
    });
  });

  it('falls back to the effective type, and leaves out what the browser does not tell', async () => {
    const nav = navigatorWith({ connection: { type: 'unknown', effectiveType: '3g' }, mediaDevices: { enumerateDevices: async () => Promise.reject(new Error('denied')) } });
    expect(await clientReport({ camera: null, mic: 'Mic' }, nav)).toEqual({ network: '3g', mic: 'Mic' });
    expect(await clientReport({ camera: null, mic: null }, navigatorWith({}))).toEqual({});
  });
});
