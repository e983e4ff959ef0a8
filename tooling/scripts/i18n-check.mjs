#!/usr/bin/env node
// Translation check for CI: the committed catalogs (packages/i18n/src/locales) must hold every
// message the source uses, and every non-source language must translate all of them.
//
// It runs Lingui's own extraction in memory (the same collector `lingui extract` uses) and
// compares the result with the catalogs on disk, so it never writes to the working tree.
// A translation equal to its English source is usually a forgotten copy ('SName' was one); the
// ones that really are the same word (SMTP, Kubernetes, « Date ») are listed, per language, in
// i18n-same-as-source.json.
// Usage, from the repository root: node tooling/scripts/i18n-check.mjs
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Lingui resolves some include patterns against the working directory.
process.chdir(repoRoot);

const EXTRACT_HINT = 'Run `pnpm exec lingui extract --clean` and commit the catalogs.';
const ICU_ARGUMENT = /\{\s*([\p{L}\p{N}_]+)\s*\}/gu;
const ICU_CHOICE = /\{\s*[\p{L}\p{N}_]+\s*,\s*(?:plural|select|selectordinal)\s*,/u;

const sameAsSource = JSON.parse(await readFile(new URL('./i18n-same-as-source.json', import.meta.url), 'utf8'));

const config = getConfig({ cwd: repoRoot });
const { sourceLocale, locales } = config;

const problems = [];
const report = (title, items) => {
  if (items.length > 0) problems.push({ title, items });
};

function describe(id, message, context) {
  const text = message ?? id;
  return context ? `"${text}" (context: ${context})` : `"${text}"`;
}

function simpleArguments(message) {
  return [...message.matchAll(ICU_ARGUMENT)].map((match) => match[1]).sort();
}

function sameArguments(source, translation) {
  // Plural and select messages nest text in braces; their structure is left to the ICU compiler.
  if (ICU_CHOICE.test(source)) return true;
  const expected = simpleArguments(source);
  const actual = simpleArguments(translation);
  return expected.length === actual.length && expected.every((name, index) => name === actual[index]);
}

const counts = Object.fromEntries(locales.map((locale) => [locale, { messages: 0, translated: 0 }]));

for (const catalog of await getCatalogs(config)) {
  const catalogPath = path.relative(repoRoot, catalog.path);
  const extracted = await catalog.collect();
  if (!extracted) {
    report(`Extraction failed for ${catalogPath}.`, ['Lingui could not parse the sources; see the errors above.']);
    continue;
  }
  const committed = await catalog.readAll(locales);
  const used = Object.entries(extracted);

  for (const locale of locales) {
    const file = path.relative(repoRoot, catalog.getFilename(locale));
    const entries = committed[locale];
    if (!entries) {
      report(`${file} is missing.`, [EXTRACT_HINT]);
      continue;
    }

    const missing = [];
    const changed = [];
    for (const [id, message] of used) {
      const entry = entries[id];
      if (!entry || entry.obsolete) missing.push(describe(id, message.message, message.context));
      else if (message.message && entry.message && entry.message !== message.message) {
        changed.push(`${id}: "${entry.message}" is now "${message.message}"`);
      }
    }
    const unused = Object.entries(entries)
      .filter(([id]) => !(id in extracted))
      .map(([id, entry]) => describe(id, entry.message, entry.context));
    report(`${file} misses ${missing.length} message(s) used in the source. ${EXTRACT_HINT}`, missing);
    report(`${file} has ${changed.length} message(s) whose source text changed. ${EXTRACT_HINT}`, changed);
    report(`${file} keeps ${unused.length} message(s) no longer used. ${EXTRACT_HINT}`, unused);

    const translated = used.filter(([id]) => entries[id]?.translation);
    counts[locale].messages += used.length;
    counts[locale].translated += translated.length;
    if (locale === sourceLocale) continue;

    const untranslated = used
      .filter(([id]) => entries[id] && !entries[id].obsolete && !entries[id].translation)
      .map(([id, message]) => describe(id, message.message, message.context));
    report(`${file} has ${untranslated.length} empty translation(s).`, untranslated);

    const allowed = new Set(sameAsSource[locale] ?? []);
    const copied = translated
      .filter(([id, message]) => entries[id].translation === (message.message ?? id) && !allowed.has(entries[id].translation))
      .map(([id, message]) => describe(id, message.message, message.context));
    report(
      `${file} has ${copied.length} translation(s) identical to the English source (translate them, or list real look-alikes in tooling/scripts/i18n-same-as-source.json).`,
      copied,
    );

    const translations = Object.fromEntries(translated.map(([id]) => [id, entries[id].translation]));
    const { errors } = createCompiledCatalog(locale, translations, { namespace: 'json' });
    report(
      `${file} has ${errors.length} translation(s) that are not valid ICU MessageFormat.`,
      errors.map(({ id, source, error }) => `${describe(id, extracted[id]?.message)} → "${source}": ${error.message}`),
    );

    const wrongArguments = translated
      .filter(([id, message]) => !sameArguments(message.message ?? id, entries[id].translation))
      .map(([id, message]) => `${describe(id, message.message)} → "${entries[id].translation}"`);
    report(`${file} has ${wrongArguments.length} translation(s) whose {placeholders} differ from the source.`, wrongArguments);
  }
}

const summary = locales
  .map((locale) => {
    const { messages, translated } = counts[locale];
    return locale === sourceLocale ? `${locale} ${messages} (source)` : `${locale} ${translated}/${messages}`;
  })
  .join(', ');

if (problems.length > 0) {
  for (const { title, items } of problems) {
    console.error(`✗ ${title}`);
    for (const item of items) console.error(`    ${item}`);
  }
  console.error(`i18n-check failed: ${summary} translated.`);
  process.exit(1);
}
console.log(`i18n-check passed: ${summary} translated; catalogs match the source.`);
