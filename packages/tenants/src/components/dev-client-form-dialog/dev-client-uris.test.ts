import { isRedirectUri, isWebOrigin } from './dev-client-uris';

describe('developer client uris', () => {
  it('accepts https redirect URIs and http only on localhost', () => {
    expect(isRedirectUri('https://app.example.com/callback?x=1')).toBe(true);
    expect(isRedirectUri('http://localhost:8080/cb')).toBe(true);
    expect(isRedirectUri('http://app.example.com/cb')).toBe(false);
    expect(isRedirectUri('https://app.example.com/cb#frag')).toBe(false);
    expect(isRedirectUri('/relative')).toBe(false);
  });

  it('accepts bare origins only', () => {
    expect(isWebOrigin('https://app.example.com')).toBe(true);
    expect(isWebOrigin('https://app.example.com:8443')).toBe(true);
    expect(isWebOrigin('https://app.example.com/')).toBe(false);
    expect(isWebOrigin('https://app.example.com/path')).toBe(false);
    expect(isWebOrigin('ftp://files.example.com')).toBe(false);
  });
});
