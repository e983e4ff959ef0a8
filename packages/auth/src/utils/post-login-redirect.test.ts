import { loginPathFor, postLoginRedirect, safeRedirectPath } from './post-login-redirect';

const none = { slack: false, googleAddOn: false, billing: false };
// The flows' pages as the portal passes them in (their features own them).
const flows = { slack: '/slack-authorization', googleAddOn: '/google-addon', billing: '/purchase-plan' };

describe('postLoginRedirect', () => {
  it('continues a flow started while signed out, in the spec order', () => {
    expect(postLoginRedirect({ slack: true, googleAddOn: true, billing: true }, flows, '/user')).toBe('/slack-authorization');
    expect(postLoginRedirect({ ...none, googleAddOn: true, billing: true }, flows, '/user')).toBe('/google-addon');
    expect(postLoginRedirect({ ...none, billing: true }, flows, '/user')).toBe('/purchase-plan');
  });

  it('passes over a flow whose page the portal did not name', () => {
    expect(postLoginRedirect({ ...none, slack: true, billing: true }, { billing: '/purchase-plan' }, '/user')).toBe('/purchase-plan');
    expect(postLoginRedirect({ ...none, slack: true }, {}, '/user')).toBe('/user');
  });

  it('returns to the requested page with its query', () => {
    expect(postLoginRedirect(none, flows, '/user?q=ada&limit=25')).toBe('/user?q=ada&limit=25');
    expect(postLoginRedirect(none, flows, '/Roles/create-role')).toBe('/Roles/create-role');
  });

  it('goes to the landing page without a usable redirect', () => {
    expect(postLoginRedirect(none, flows)).toBe('/landing-page');
    expect(postLoginRedirect(none, flows, null)).toBe('/landing-page');
    expect(postLoginRedirect(none, flows, '')).toBe('/landing-page');
    expect(postLoginRedirect(none, flows, '/')).toBe('/landing-page');
    expect(postLoginRedirect(none, flows, '/portal')).toBe('/landing-page');
    expect(postLoginRedirect(none, flows, '/portal/')).toBe('/landing-page');
  });

  it.each([
    'https://evil.example/steal',
    '//evil.example/steal',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/portal//evil.example',
    '/x/..//evil.example',
    'javascript:alert(1)',
    'user',
    '/login',
    '/login?redirect=/user',
    '/auth/reset-password',
  ])('never follows %j', (redirect) => {
    expect(postLoginRedirect(none, flows, redirect)).toBe('/landing-page');
  });
});

describe('safeRedirectPath', () => {
  it('strips the router basename so the router does not add it twice', () => {
    expect(safeRedirectPath('/portal/user?q=a#top')).toBe('/user?q=a#top');
  });

  it('keeps paths that merely start like the basename', () => {
    expect(safeRedirectPath('/portality')).toBe('/portality');
  });
});

describe('loginPathFor', () => {
  it('carries the original path and query to the login page', () => {
    expect(loginPathFor('/user?q=ada')).toBe('/login?redirect=%2Fuser%3Fq%3Dada');
  });

  it('needs no redirect for the landing page or the root', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/landing-page')).toBe('/login');
  });
});
