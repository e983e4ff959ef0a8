import { describe, expect, it } from 'vitest';
import { SNIFF_BYTES, sniffRecording } from './media-type.ts';

const pad = (bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc(Math.max(0, SNIFF_BYTES + 32 - bytes.length))]);
const ebml = (docType: string) => pad(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from(docType, 'latin1')]));
const ftyp = (brand: string) => pad(Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, 'latin1')]));
const ogg = (codec: string) => pad(Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(24), Buffer.from(codec, 'latin1')]));

describe('sniffRecording', () => {
  it('tells the accepted containers apart by their first bytes', () => {
    expect(sniffRecording(ebml('webm'))?.mediaType).toBe('video/webm');
    expect(sniffRecording(ebml('matroska'))?.mediaType).toBe('video/x-matroska');
    expect(sniffRecording(ftyp('isom'))).toMatchObject({ mediaType: 'video/mp4', track: 'video' });
    expect(sniffRecording(ftyp('M4A '))).toMatchObject({ mediaType: 'audio/mp4', track: 'audio', fileName: 'audio.m4a' });
    expect(sniffRecording(ogg('OpusHead'))).toMatchObject({ mediaType: 'audio/ogg', track: 'audio', fileName: 'audio.opus' });
    expect(sniffRecording(ogg('\x01vorbis'))?.fileName).toBe('audio.ogg');
  });

  it('refuses text, other media and truncated headers whatever the file is called', () => {
    expect(sniffRecording(pad(Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000 hello', 'utf8')))).toBeNull();
    expect(sniffRecording(pad(Buffer.from('%PDF-1.7', 'latin1')))).toBeNull();
    expect(sniffRecording(ogg('\x80theora'))).toBeNull();
    expect(sniffRecording(Buffer.from([0x1a, 0x45]))).toBeNull();
    expect(sniffRecording(pad(Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0, 1, 2, 3])))).toBeNull();
  });
});
