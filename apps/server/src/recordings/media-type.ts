// What an uploaded recording is, read from its first bytes, never from its name or the type the
// browser claims: a renamed text file is refused however it is called.

/** Bytes enough to tell every accepted format apart (Ogg's codec id sits at 28..36). */
export const SNIFF_BYTES = 36;

export type RecordingMediaType = {
  mediaType: 'video/webm' | 'video/x-matroska' | 'video/mp4' | 'audio/mp4' | 'audio/ogg';
  /** Which file of the recording it is: an audio-only container is its audio, the rest its video. */
  track: 'audio' | 'video';
  /** The stored file's name under the recording's key. */
  fileName: string;
};

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** WebM/Matroska (EBML), MP4/M4A (ftyp box), Ogg with Opus or Vorbis; anything else is null. */
export function sniffRecording(head: Buffer): RecordingMediaType | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // The EBML header names its DocType within the first few dozen bytes.
    const webm = head.subarray(0, 64).includes('webm', 0, 'latin1');
    return webm ? { mediaType: 'video/webm', track: 'video', fileName: 'video.webm' } : { mediaType: 'video/x-matroska', track: 'video', fileName: 'video.mkv' };
  }
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return { mediaType: 'audio/mp4', track: 'audio', fileName: 'audio.m4a' };
    if (!/^[\x20-\x7e]{4}$/.test(brand)) return null;
    return { mediaType: 'video/mp4', track: 'video', fileName: 'video.mp4' };
  }
  if (head.length >= SNIFF_BYTES && ascii(head, 0, 4) === 'OggS') {
    const codec = ascii(head, 28, 36);
    if (codec === 'OpusHead') return { mediaType: 'audio/ogg', track: 'audio', fileName: 'audio.opus' };
    if (codec.startsWith('\x01vorbis')) return { mediaType: 'audio/ogg', track: 'audio', fileName: 'audio.ogg' };
  }
  return null;
}
