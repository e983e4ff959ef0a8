// What a participant's user agent says about their client: operating system and version, browser
// and major version, and whether it is a phone or tablet. A small parser of the main browsers and
// systems (no dependency): the live and completed meeting screens show these, nothing decides on them.
import type { ParticipantClient } from '../live/index.ts';
import { present } from '../kernel/db/present.ts';

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/Electron\/(\d+)/, 'Electron'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const dotted = (version: string | undefined) => version?.replaceAll('_', '.');

const windowsVersions: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' };

function systemOf(agent: string): { os: string; osVersion?: string } | null {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+(?:_\d+)*)/.exec(agent);
  if (ios) return { os: 'iOS', osVersion: dotted(ios[1]) };
  const android = /Android (\d+(?:\.\d+)*)/.exec(agent);
  if (android) return { os: 'Android', osVersion: android[1] };
  const windows = /Windows NT (\d+\.\d+)/.exec(agent);
  if (windows) return { os: 'Windows', osVersion: windowsVersions[present(windows[1], 'windows[1]')] ?? windows[1] };
  if (/CrOS/.test(agent)) return { os: 'ChromeOS' };
  const mac = /Mac OS X (\d+(?:[._]\d+)*)/.exec(agent);
  if (mac) return { os: 'macOS', osVersion: dotted(mac[1]) };
  if (/Linux/.test(agent)) return { os: 'Linux' };
  return null;
}

export function parseUserAgent(agent: string | undefined | null): ParticipantClient {
  if (!agent) return {};
  const client: ParticipantClient = {};
  const system = systemOf(agent);
  if (system) {
    client.os = system.os;
    if (system.osVersion) client.osVersion = system.osVersion;
  }
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(agent);
    if (match) {
      client.browser = name;
      client.browserVersion = match[1];
      break;
    }
  }
  client.platform = /Electron\//.test(agent) ? 'desktop' : /Mobi|Android|iPhone|iPad|iPod/.test(agent) ? 'mobile' : 'web';
  return client;
}
