// End-to-end encryption of media frames (issue 14 section 5), between WebRTC's encoder and
// packetiser (encoded transforms): the media server forwards frames it cannot read.
//
// A frame leaves as  [codec header, clear] [AES-GCM ciphertext and tag] [IV, 12 bytes] [n, 1 byte]
// where n is the length of the clear header, as SFrame-like schemes do for VP8 and Opus: the
// first 10 bytes of a VP8 key frame (frame tag and size, which the media server reads to tell key
// frames and resolution), 3 of a delta frame, and Opus's TOC byte stay readable. The clear header is
// authenticated too (additional data), so changing any byte of the frame makes it fail to open.
// Each frame has a fresh random IV: every participant encrypts under the same meeting key, so a
// counter per sender could repeat across senders, while 96 random bits per frame do not in any
// meeting's lifetime.
//
// The key is derived with HKDF-SHA-256 from the secret in the link's fragment, salted with the
// meeting id, so one secret pasted into another meeting's link gives another key.
import { fromBase64url } from '../../utils/e2ee-key';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const TRAILER_BYTES = IV_BYTES + 1;

export type MediaKind = 'audio' | 'video';
/** The part of RTCEncodedVideoFrame and RTCEncodedAudioFrame the transforms use. */
export type EncodedFrame = { data: ArrayBuffer; type?: string };

const utf8 = (text: string) => new TextEncoder().encode(text);

export async function deriveFrameKey(secret: string, meetingCode: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', fromBase64url(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: utf8(`portal meeting ${meetingCode}`), info: utf8('portal e2ee media frames v1') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** How many leading bytes of a frame stay clear (see the header comment). */
export function clearBytesOf(kind: MediaKind, frameType: string | undefined): number {
  if (kind === 'audio') return 1;
  return frameType === 'key' ? 10 : 3;
}

export async function sealFrame(key: CryptoKey, data: ArrayBuffer, clearBytes: number): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(data);
  const clear = Math.min(clearBytes, bytes.length);
  const header = bytes.subarray(0, clear);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: header }, key, bytes.subarray(clear)));
  const out = new Uint8Array(clear + sealed.length + TRAILER_BYTES);
  out.set(header, 0);
  out.set(sealed, clear);
  out.set(iv, clear + sealed.length);
  out[out.length - 1] = clear;
  return out.buffer;
}

/** The frame as it was sealed; throws when it was not sealed with this key or was changed since. */
export async function openFrame(key: CryptoKey, data: ArrayBuffer): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(data);
  if (bytes.length < TAG_BYTES + TRAILER_BYTES) throw new Error('frame too short to be encrypted');
  const clear = bytes[bytes.length - 1] ?? 0;
  const ivStart = bytes.length - TRAILER_BYTES;
  if (clear > ivStart - TAG_BYTES) throw new Error('frame header length out of range');
  const header = bytes.subarray(0, clear);
  const iv = bytes.subarray(ivStart, ivStart + IV_BYTES);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: header }, key, bytes.subarray(clear, ivStart)));
  const out = new Uint8Array(clear + plain.length);
  out.set(header, 0);
  out.set(plain, clear);
  return out.buffer;
}

/** Encrypts each frame a sender's encoder makes. */
export function encryptingTransform(key: CryptoKey, kind: MediaKind): TransformStream<EncodedFrame, EncodedFrame> {
  return new TransformStream({
    async transform(frame, controller) {
      frame.data = await sealFrame(key, frame.data, clearBytesOf(kind, frame.type));
      controller.enqueue(frame);
    },
  });
}

/**
 * Decrypts each frame a receiver gets; a frame that does not open (another key, changed on the
 * way, a clear-text sender) is dropped, so the decoder never sees garbage, and `onFailure` hears of it.
 */
export function decryptingTransform(key: CryptoKey, onFailure: () => void = () => undefined): TransformStream<EncodedFrame, EncodedFrame> {
  return new TransformStream({
    async transform(frame, controller) {
      try {
        frame.data = await openFrame(key, frame.data);
        controller.enqueue(frame);
      } catch {
        onFailure();
      }
    },
  });
}

/** Whether this browser can encrypt media frames (Chromium's encoded insertable streams). */
export function canEncryptFrames(): boolean {
  return typeof RTCRtpSender !== 'undefined' && 'createEncodedStreams' in RTCRtpSender.prototype && 'createEncodedStreams' in RTCRtpReceiver.prototype;
}
