// Theme files: JSON holding the light theme's colour variables, `{"lite": {"primary": "#f76707"}}`
// (what "Download theme" saves) or the bare `{"primary": "#f76707"}`. The rules are the
// contract's (TenantTheme), so a file the server would refuse is refused before any call.
import { readFileText } from './read-file-text';

export type ThemeColors = Record<string, string>;

const MAX_COLORS = 100;
const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const COLOR =
  /^\s*(#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))\s*$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The colours of a theme file's text, or null when it is not JSON of colour names and values. */
export function parseThemeFile(text: string): ThemeColors | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(parsed)) return null;
  const colors = isPlainObject(parsed.lite) ? parsed.lite : parsed;
  const entries = Object.entries(colors);
  if (entries.length > MAX_COLORS) return null;
  return entries.every(([name, value]) => NAME.test(name) && typeof value === 'string' && COLOR.test(value)) ? (colors as ThemeColors) : null;
}

export const isJsonFile = (file: Pick<File, 'name'>) => /\.json$/i.test(file.name);

/** The colours of a chosen theme file, or null when it is not a .json file of colours. */
export async function readThemeFile(file: File): Promise<ThemeColors | null> {
  if (!isJsonFile(file)) return null;
  try {
    return parseThemeFile(await readFileText(file));
  } catch {
    return null;
  }
}

/** A theme file of `colors`, in the shape `parseThemeFile` reads back. */
export function themeFileBlob(colors: ThemeColors): Blob {
  return new Blob([`${JSON.stringify({ lite: colors }, null, 2)}\n`], { type: 'application/json' });
}
