import type { MessageDescriptor } from '@lingui/core';
import arPo from '../locales/ar/messages.po?raw';
import frPo from '../locales/fr/messages.po?raw';
import uzPo from '../locales/uz/messages.po?raw';
import { commonMessages } from './common-messages';
import { fieldErrorMessages, problemMessages } from './problem-messages';
import { validationMessages } from './validation-messages';

type PoEntry = { context: string; source: string; translation: string };

// Enough of the PO grammar for Lingui's output: one-line msgctxt/msgid/msgstr, obsolete entries
// marked "#~" skipped.
function readPo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let context = '';
  let source: string | null = null;
  for (const line of text.split('\n')) {
    const match = /^(msgctxt|msgid|msgstr) "(.*)"$/.exec(line);
    if (!match) continue;
    const [, keyword, quoted = ''] = match;
    const value = JSON.parse(`"${quoted}"`) as string;
    if (keyword === 'msgctxt') context = value;
    else if (keyword === 'msgid') source = value;
    else if (source) {
      entries.push({ context, source, translation: value });
      context = '';
      source = null;
    } else {
      context = '';
      source = null;
    }
  }
  return entries;
}

const catalogs = { fr: readPo(frPo), ar: readPo(arPo), uz: readPo(uzPo) };

function sourceOf(descriptor: MessageDescriptor): string {
  if (!descriptor.message) throw new Error(`Descriptor ${descriptor.id} carries no source text`);
  return descriptor.message;
}

const shared = {
  validationMessages,
  problemMessages,
  fieldErrorMessages,
  commonMessages,
} satisfies Record<string, Record<string, MessageDescriptor>>;

describe.each(Object.entries(catalogs))('the %s catalog', (_language, entries) => {
  it.each(Object.entries(shared))('translates every entry of %s', (_name, table) => {
    for (const [key, descriptor] of Object.entries(table)) {
      const source = sourceOf(descriptor);
      const matches = entries.filter((entry) => entry.source === source);
      expect(matches, `${key}: "${source}" is not in the catalog`).not.toHaveLength(0);
      for (const entry of matches) {
        expect(entry.translation, `${key}: "${source}" has no translation`).not.toBe('');
      }
    }
  });
});

describe('validationMessages', () => {
  it('use the exact English texts of the spec', () => {
    expect(sourceOf(validationMessages.validEmailLogin)).toBe('Please enter a valid email');
    expect(sourceOf(validationMessages.validEmail)).toBe('Enter a valid email');
    expect(sourceOf(validationMessages.password)).toBe(
      'Password must contain at least 6 characters, including upper case/ lower case and numbers',
    );
    expect(sourceOf(validationMessages.endBeforeStart)).toBe('Cannot Choose a Pre-Date for End Date');
    expect(sourceOf(validationMessages.fileTooLarge1Mb)).toBe('This file exceeds maximum upload size of 1 MB');
    expect(sourceOf(validationMessages.meetingId10)).toBe('Please enter 10 digits');
  });
});
