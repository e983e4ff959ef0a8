// Renders the mails the server sends, in the recipient's language and with the tenant's branding.
// Every interpolated value is escaped for the HTML part; the plain-text part carries the same
// content for clients that do not render HTML.
import { mailLanguages, mailTexts, type MailLanguage, type MailTemplate } from './template-texts.ts';
import { present } from '../kernel/db/present.ts';

export { mailLanguages } from './template-texts.ts';
export type { MailLanguage, MailTemplate } from './template-texts.ts';

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => present(htmlEntities[ch], 'htmlEntities[ch]'));
}

// Header fields cannot carry line breaks; a brand name holding one must not add headers.
const singleLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export type RenderedMail = { template: MailTemplate; subject: string; text: string; html: string };

export type MailBranding = { logoUrl?: string | null; primaryColor?: string | null };

/** What every account mail needs; `language` defaults to English, branding to a neutral look. */
export type AccountMailInput = {
  brandname: string;
  firstName: string;
  link: string;
  expiresInHours: number;
  language?: MailLanguage | null;
  branding?: MailBranding | null;
};

/** The mail language: the user's own, else the request's Accept-Language when one of ours, else English. */
export function pickMailLanguage(userLanguage: string | null | undefined, acceptLanguage?: string | null): MailLanguage {
  if (isMailLanguage(userLanguage)) return userLanguage;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())).find(Boolean);
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q[1]) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.base).find(isMailLanguage) ?? 'en';
}

export function isMailLanguage(value: unknown): value is MailLanguage {
  return typeof value === 'string' && (mailLanguages as readonly string[]).includes(value);
}

// Only plain hex colours and http(s) logo URLs reach the HTML: branding is tenant-controlled input.
const safeColor = (value: string | null | undefined) => (value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : '#1c7ed6');
const safeUrl = (value: string | null | undefined) => (value && /^https?:\/\/[^\s"'<>]+$/i.test(value) ? value : null);

/** Puts `values` into a mail text's `{name}` placeholders (a placeholder without a value stays as it is). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function renderMail(template: MailTemplate, input: AccountMailInput): RenderedMail {
  const language = input.language ?? 'en';
  const texts = mailTexts[language];
  const words = texts.templates[template];
  const brand = singleLine(input.brandname);
  const plain = { brand, name: input.firstName };
  const html = { brand: escapeHtml(brand), name: escapeHtml(input.firstName) };
  const expires = texts.expires(input.expiresInHours);

  const text = [
    fill(texts.greeting, plain),
    '',
    fill(words.intro, plain),
    '',
    input.link,
    '',
    expires,
    fill(words.ignore, plain),
    '',
    `— ${brand}`,
  ].join('\n');

  const link = escapeHtml(input.link);
  const color = safeColor(input.branding?.primaryColor);
  const logo = safeUrl(input.branding?.logoUrl);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const body = `<!doctype html>
<html lang="${language}" dir="${dir}"><body style="margin:0;padding:24px;background:#f5f6f8;font-family:sans-serif;line-height:1.5;color:#1f2328">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;border-top:4px solid ${color}">
${logo ? `<p><img src="${escapeHtml(logo)}" alt="${html.brand}" style="max-height:40px"></p>\n` : ''}<p>${fill(texts.greeting, html)}</p>
<p>${fill(words.intro, html)}</p>
<p><a href="${link}" style="display:inline-block;background:${color};color:#ffffff;padding:10px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(words.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(texts.linkHint)}<br><span style="word-break:break-all">${link}</span></p>
<p>${escapeHtml(expires)} ${fill(words.ignore, html)}</p>
<p>— ${html.brand}</p>
</div>
</body></html>`;
  return { template, subject: fill(words.subject, plain), text, html: body };
}

export const inviteMail = (input: AccountMailInput) => renderMail('invite', input);
export const signupMail = (input: AccountMailInput) => renderMail('signup', input);
export const resetPasswordMail = (input: AccountMailInput) => renderMail('reset_password', input);
export const confirmEmailMail = (input: AccountMailInput) => renderMail('confirm_email', input);
