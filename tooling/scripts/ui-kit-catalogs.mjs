// ui-kit's own compiled catalogs, shipped in its package: from the portal's catalogs
// (packages/i18n/src/locales/<lang>/messages.po), the messages whose source is in
// packages/ui-kit/src, compiled as Lingui's runtime wants them, one module per language:
// dist/locales/<lang>.js exporting `messages` (+ .d.ts). An app that is not the portal loads them:
//   import { messages } from '@portal/ui-kit/locales/fr';
//   i18n.loadAndActivate({ locale: 'fr', messages });
//   node tooling/scripts/ui-kit-catalogs.mjs <out dir>
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

const out = resolve(process.argv[2] ?? 'dist/locales');
const locales = ['en', 'fr', 'ar', 'uz'];
// @lingui/message-utils comes with @lingui/cli (a root devDependency).
const fromCli = createRequire(join(realpathSync(join(root, 'node_modules', '@lingui', 'cli')), 'package.json'));
const { compileMessage } = await import(pathToFileURL(fromCli.resolve('@lingui/message-utils/compileMessage')).href);

// Lingui's generateMessageId: the first 6 base64url characters of sha256(message ␟ context).
const messageId = (message, context = '') => createHash('sha256').update(`${message}\u001f${context}`).digest('base64url').slice(0, 6);

function entries(po) {
  const read = (block, key) => {
    const match = block.match(new RegExp(`^${key} ((?:".*"\\n?)+)`, 'm'));
    return match ? JSON.parse(`[${match[1].trim().split('\n').join(',')}]`).join('') : undefined;
  };
  return po.split(/\n\n+/).flatMap((block) => {
    const text = `${block}\n`;
    const msgid = read(text, 'msgid');
    if (!msgid) return [];
    const origins = [...text.matchAll(/^#: (.+)$/gm)].flatMap((m) => m[1].split(' '));
    return [{ msgid, msgstr: read(text, 'msgstr'), context: read(text, 'msgctxt'), origins }];
  });
}

mkdirSync(out, { recursive: true });
let count = 0;
for (const locale of locales) {
  const po = readFileSync(join(root, 'packages', 'i18n', 'src', 'locales', locale, 'messages.po'), 'utf8');
  const messages = {};
  for (const entry of entries(po)) {
    if (!entry.origins.some((origin) => origin.startsWith('packages/ui-kit/src/') && !/\.(test|stories)\./.test(origin))) continue;
    messages[messageId(entry.msgid, entry.context)] = compileMessage(entry.msgstr || entry.msgid);
  }
  count = Object.keys(messages).length;
  writeFileSync(join(out, `${locale}.js`), `// ui-kit's messages in ${locale}, compiled from the portal's catalog (tooling/scripts/ui-kit-catalogs.mjs).\nexport const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`);
  writeFileSync(join(out, `${locale}.d.ts`), "import type { Messages } from '@lingui/core';\n\nexport declare const messages: Messages;\n");
}
console.log(`ui-kit-catalogs: ${count} messages in ${locales.join(', ')} written to ${out}`);
