// Texts of the mails the server sends. Every interpolated value is escaped for the HTML part;
// the plain-text part carries the same content for clients that do not render HTML.

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => htmlEntities[ch]!);
}

// Header fields cannot carry line breaks; a brand name holding one must not add headers.
const singleLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export type RenderedMail = { subject: string; text: string; html: string };

export function inviteMail(input: { brandname: string; firstName: string; link: string; expiresInHours: number }): RenderedMail {
  const brand = singleLine(input.brandname);
  const subject = `Your ${brand} account is ready`;
  const text = [
    `Hello ${input.firstName},`,
    '',
    `You have been invited to ${brand}. Choose your password with this link:`,
    '',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInHours} hours.`,
    `If you did not expect this invitation, you can ignore this email.`,
    '',
    `— ${brand}`,
  ].join('\n');
  const b = escapeHtml(brand);
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(input.firstName)},</p>
<p>You have been invited to ${b}. Choose your password with this link:</p>
<p><a href="${link}">Set my password</a></p>
<p style="word-break:break-all;color:#555">${link}</p>
<p>The link works once and expires in ${input.expiresInHours} hours. If you did not expect this invitation, you can ignore this email.</p>
<p>— ${b}</p>
</body></html>`;
  return { subject, text, html };
}
