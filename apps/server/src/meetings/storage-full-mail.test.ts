import { describe, expect, it } from 'vitest';
import { storageFullMail } from './storage-full-mail.ts';

describe('storageFullMail', () => {
  it('names the meeting in the administrator’s language, escaped in HTML and on one line', () => {
    for (const language of ['en', 'fr', 'ar', 'uz']) {
      const mail = storageFullMail('Q3 <review>\nall', language);
      expect(mail.subject).toContain('Q3 <review> all');
      expect(mail.html).toContain('Q3 &lt;review&gt; all');
      expect(mail.html).not.toContain('<review>');
      expect(mail.html).toContain(`dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
    }
    expect(storageFullMail('Sync', 'fr').subject).toBe('Stockage des enregistrements plein : « Sync » n’a pas été enregistrée');
    expect(storageFullMail('Sync', null).subject).toBe('Recording storage is full: "Sync" was not recorded');
  });
});
