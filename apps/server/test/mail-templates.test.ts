import { describe, expect, it } from 'vitest';
import { confirmEmailMail, inviteMail, mailLanguages, pickMailLanguage, resetPasswordMail, signupMail } from '../src/mail/templates.ts';
import { retryDelaySeconds } from '../src/mail/worker.ts';

describe('invite mail', () => {
  const link = 'https://acme.example.com/portal/auth/reset-password?token=abc&x=1';
  const mail = inviteMail({ brandname: 'Acme <Video>\r\nBcc: x@evil.io', firstName: '<b>Ann</b>', link, expiresInHours: 72 });

  it('names the brand in the subject on one line', () => {
    expect(mail.subject).toBe('Your Acme <Video> Bcc: x@evil.io account is ready');
  });

  it('carries the link in the text part as it is', () => {
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('72 hours');
  });

  it('escapes every value in the HTML part', () => {
    expect(mail.html).toContain('Acme &lt;Video&gt;');
    expect(mail.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(mail.html).toContain('href="https://acme.example.com/portal/auth/reset-password?token=abc&amp;x=1"');
    expect(mail.html).not.toContain('<b>');
  });
});

describe('retry backoff', () => {
  it('doubles from one minute', () => {
    expect([1, 2, 3, 7].map(retryDelaySeconds)).toEqual([60, 120, 240, 3840]);
  });
});

describe('account mails in the four languages', () => {
  const input = { brandname: 'Acme', firstName: 'Ann', link: 'https://acme.example.com/portal/x?token=t', expiresInHours: 72 };
  const renderers = { invite: inviteMail, signup: signupMail, reset_password: resetPasswordMail, confirm_email: confirmEmailMail };

  it.each(Object.entries(renderers))('%s has its template name, the link and the brand in every language', (name, render) => {
    const subjects = new Set<string>();
    for (const language of mailLanguages) {
      const mail = render({ ...input, language });
      expect(mail.template).toBe(name);
      expect(mail.subject).toContain('Acme');
      expect(mail.text).toContain(input.link);
      expect(mail.html).toContain(`lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}"`);
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(4);
  });

  it('uses the tenant colour and logo, but only safe values', () => {
    const branded = signupMail({ ...input, branding: { primaryColor: '#123abc', logoUrl: 'https://cdn.acme.example/logo.png' } });
    expect(branded.html).toContain('#123abc');
    expect(branded.html).toContain('<img src="https://cdn.acme.example/logo.png"');
    const hostile = signupMail({ ...input, branding: { primaryColor: 'red;background:url(x)', logoUrl: 'javascript:alert(1)' } });
    expect(hostile.html).not.toContain('url(x)');
    expect(hostile.html).not.toContain('javascript:');
  });

  it('says one hour, not one hours', () => {
    expect(resetPasswordMail({ ...input, expiresInHours: 1 }).text).toContain('expires in 1 hour.');
    expect(resetPasswordMail({ ...input, expiresInHours: 1, language: 'fr' }).text).toContain('expire dans 1 heure.');
  });

  it('picks the user language, else a supported Accept-Language by weight, else English', () => {
    expect(pickMailLanguage('uz', 'fr')).toBe('uz');
    expect(pickMailLanguage(null, 'de;q=1, ar;q=0.8, fr;q=0.9')).toBe('fr');
    expect(pickMailLanguage(null, 'ar-SA')).toBe('ar');
    expect(pickMailLanguage(null, 'de, es')).toBe('en');
    expect(pickMailLanguage(undefined, undefined)).toBe('en');
  });
});
