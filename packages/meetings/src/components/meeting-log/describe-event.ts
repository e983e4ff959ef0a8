import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MeetingLogEvent } from '../../api/inspect/get-meeting-log';

type Kind = 'audio' | 'video' | 'screen';

const kindNames = { audio: msg`audio`, video: msg`video`, screen: msg`screen share` } as const;

/** "audio (opus) and video (vp8)" in the reader's language. */
function kindList(i18n: I18n, items: { kind: Kind; codec?: string }[]): string {
  const names = items.map((item) => (item.codec ? `${i18n._(kindNames[item.kind])} (${item.codec})` : i18n._(kindNames[item.kind])));
  return new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names);
}

/** A media event in words, e.g. "Ada joined", "Ada published audio (opus) and video (vp8)". */
export function describeEvent(i18n: I18n, event: MeetingLogEvent): string {
  const name = event.participantName || i18n._(msg`A participant`);
  switch (event.type) {
    case 'room.opened':
      return i18n._(msg`The meeting started`);
    case 'room.closed':
      return i18n._(msg`The meeting ended`);
    case 'recording.started':
      return i18n._(msg`Recording started`);
    case 'recording.stopped':
      return i18n._(msg`Recording stopped`);
    case 'participant.joined':
      return i18n._(msg`${name} joined`);
    case 'participant.left': {
      const reason = event.reason;
      return reason ? i18n._(msg`${name} left (${reason})`) : i18n._(msg`${name} left`);
    }
    case 'participant.client': {
      const client = event.client ?? {};
      const browser = [client.browser, client.browserVersion].filter(Boolean).join(' ');
      const summary = [client.os, browser, client.platform, client.network].filter(Boolean).join(', ') || '—';
      return i18n._(msg`${name} uses ${summary}`);
    }
    case 'stream.published': {
      const kinds = kindList(i18n, event.streams ?? []);
      return i18n._(msg`${name} published ${kinds}`);
    }
    case 'stream.unpublished': {
      const kinds = kindList(i18n, (event.kinds ?? []).map((kind) => ({ kind })));
      return i18n._(msg`${name} stopped ${kinds}`);
    }
    case 'media.stats': {
      const stats = event.stats;
      if (!stats) return name;
      const kind = i18n._(kindNames[stats.kind]);
      const { inKbps, outKbps, packetLoss, jitterMs, rttMs } = stats;
      return i18n._(msg`${name}: ${kind} in ${inKbps} kbps, out ${outKbps} kbps, ${packetLoss} % lost, jitter ${jitterMs} ms, round trip ${rttMs} ms`);
    }
  }
}
