// WebCrypto (AES-GCM, HKDF) as the browser has it: the same API the room's transforms call.
import { describe, expect, it } from 'vitest';
import { newMeetingKey } from '../../utils/e2ee-key';
import { clearBytesOf, decryptingTransform, deriveFrameKey, encryptingTransform, openFrame, sealFrame, type EncodedFrame } from './frame-crypto';

const frameOf = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 37 + 11) % 256);
const bytes = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)];

async function through(transform: TransformStream<EncodedFrame, EncodedFrame>, frames: EncodedFrame[]): Promise<EncodedFrame[]> {
  const out: EncodedFrame[] = [];
  const writer = transform.writable.getWriter();
  const reading = (async () => {
    const reader = transform.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      out.push(value);
    }
  })();
  for (const frame of frames) await writer.write(frame);
  await writer.close();
  await reading;
  return out;
}

describe('media frame encryption', () => {
  it('round-trips a VP8 key frame and keeps its 10 header bytes clear', async () => {
    const key = await deriveFrameKey(newMeetingKey(), '12345678901');
    const frame = frameOf(500);
    const sealed = await sealFrame(key, frame.buffer, clearBytesOf('video', 'key'));
    const sent = new Uint8Array(sealed);
    expect([...sent.subarray(0, 10)]).toEqual([...frame.subarray(0, 10)]);
    expect([...sent.subarray(10, 500)]).not.toEqual([...frame.subarray(10, 500)]);
    expect(sent.length).toBe(500 + 16 + 12 + 1);
    expect(bytes(await openFrame(key, sealed))).toEqual([...frame]);
  });

  it('keeps 3 bytes of a delta frame and 1 of an Opus frame clear', async () => {
    expect(clearBytesOf('video', 'delta')).toBe(3);
    expect(clearBytesOf('audio', undefined)).toBe(1);
    const key = await deriveFrameKey(newMeetingKey(), '12345678901');
    const opus = frameOf(60);
    const sealed = new Uint8Array(await sealFrame(key, opus.buffer, 1));
    expect(sealed[0]).toBe(opus[0]);
    expect(sealed[sealed.length - 1]).toBe(1);
    expect(bytes(await openFrame(key, sealed.buffer))).toEqual([...opus]);
  });

  it('fails to open a frame changed in its ciphertext, its clear header or its IV', async () => {
    const key = await deriveFrameKey(newMeetingKey(), '12345678901');
    const sealed = new Uint8Array(await sealFrame(key, frameOf(200).buffer, 10));
    for (const at of [40, 2, sealed.length - 5]) {
      const changed = sealed.slice();
      changed[at]! ^= 0x01;
      await expect(openFrame(key, changed.buffer)).rejects.toThrow();
    }
    await expect(openFrame(key, sealed.slice(0, 20).buffer)).rejects.toThrow();
  });

  it('does not open with another secret, nor with the same secret of another meeting', async () => {
    const secret = newMeetingKey();
    const sealed = await sealFrame(await deriveFrameKey(secret, '11111111111'), frameOf(100).buffer, 3);
    await expect(openFrame(await deriveFrameKey(newMeetingKey(), '11111111111'), sealed)).rejects.toThrow();
    await expect(openFrame(await deriveFrameKey(secret, '22222222222'), sealed)).rejects.toThrow();
  });

  it('encrypts and decrypts streams of frames in order, dropping frames that do not open', async () => {
    const key = await deriveFrameKey(newMeetingKey(), '12345678901');
    const frames = [frameOf(300), frameOf(80), frameOf(120)];
    const sent = await through(encryptingTransform(key, 'video'), [
      { data: frames[0]!.slice().buffer, type: 'key' },
      { data: frames[1]!.slice().buffer, type: 'delta' },
      { data: frames[2]!.slice().buffer, type: 'delta' },
    ]);
    let failures = 0;
    const clearText: EncodedFrame = { data: frameOf(90).buffer, type: 'delta' };
    const received = await through(
      decryptingTransform(key, () => (failures += 1)),
      [...sent, clearText],
    );
    expect(received.map((frame) => bytes(frame.data))).toEqual(frames.map((frame) => [...frame]));
    expect(failures).toBe(1);
  });
});
