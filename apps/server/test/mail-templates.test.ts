import { describe, expect, it } from 'vitest';
import { inviteMail } from '../src/mail/templates.ts';
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
