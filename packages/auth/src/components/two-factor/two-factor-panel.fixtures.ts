// The server's two-factor setup answers, shared by the panel's stories and tests (a stories file exports only stories).
// A tiny valid SVG stands in for the server's QR code.
export const qrDataUrl = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')}`;
export const fakeSetup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Acme:ada%40acme.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qrDataUrl };
export const fakeRecoveryCodes = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '2')}`);
