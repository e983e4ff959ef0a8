import { describe, expect, it } from 'vitest';
import { parseThemeFile, readThemeFile, themeFileBlob } from './theme-file';
import { readFileText } from './read-file-text';

describe('parseThemeFile', () => {
  it('reads the light colours of a theme file, leaving other themes out', () => {
    expect(parseThemeFile('{"lite": {"primary": "#f76707", "text": "rgba(0, 0, 0, 0.8)"}, "dark": {"primary": "#000"}}')).toEqual({ primary: '#f76707', text: 'rgba(0, 0, 0, 0.8)' });
  });

  it('reads a bare map of colours, and an empty one (the default theme)', () => {
    expect(parseThemeFile('{"primary": "#fff", "text-muted": "rgb(10,20,30)"}')).toEqual({ primary: '#fff', 'text-muted': 'rgb(10,20,30)' });
    expect(parseThemeFile('{"lite": {}}')).toEqual({});
  });

  it.each([
    ['text that is not JSON', 'primary: #fff'],
    ['a JSON array', '["#fff"]'],
    ['a JSON string', '"#fff"'],
    ['null', 'null'],
    ['a colour that is not a CSS hex or rgb colour', '{"primary": "orange"}'],
    ['a colour that is not a string', '{"lite": {"primary": 255}}'],
    ['a nested object among the colours', '{"primary": {"value": "#fff"}}'],
    ['a name the contract refuses', '{"1st": "#fff"}'],
    ['more than 100 colours', JSON.stringify(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c${i}`, '#fff'])))],
  ])('refuses %s', (_case, text) => {
    expect(parseThemeFile(text)).toBeNull();
  });
});

describe('readThemeFile', () => {
  it('reads only .json files', async () => {
    const text = '{"lite": {"primary": "#f76707"}}';
    expect(await readThemeFile(new File([text], 'Theme.JSON', { type: 'application/json' }))).toEqual({ primary: '#f76707' });
    expect(await readThemeFile(new File([text], 'theme.txt', { type: 'text/plain' }))).toBeNull();
  });

  it('reads back the file a download saves', async () => {
    const colors = { primary: '#f76707', text: '#343a40' };
    const saved = new File([await readFileText(themeFileBlob(colors))], 'acme-theme.json');
    expect(await readThemeFile(saved)).toEqual(colors);
  });
});
