import { describe, expect, it } from 'vitest';
import { markdownHtml } from './docs.ts';

describe('markdownHtml', () => {
  it('renders the Markdown of descriptions: code, emphasis, lists and links', () => {
    expect(markdownHtml('A `price_unavailable` is **409**.')).toBe('<p>A <code>price_unavailable</code> is <strong>409</strong>.</p>');
    expect(markdownHtml('- one\n- two')).toContain('<li>one</li>');
    expect(markdownHtml('See [RFC 9457](https://www.rfc-editor.org/rfc/rfc9457).')).toContain('<a href="https://www.rfc-editor.org/rfc/rfc9457" rel="noreferrer">RFC 9457</a>');
  });

  it('shows raw HTML as text and drops links that are not web or mail addresses', () => {
    const html = markdownHtml('<script>alert(1)</script> <img src=x onerror=alert(1)> [click](javascript:alert(1)) ![x](data:text/html,hi)');
    expect(html).not.toMatch(/<script|<img|<a |href="javascript|src="data/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('click');
  });
});
