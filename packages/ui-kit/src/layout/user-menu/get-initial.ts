/** First letter of a name for an avatar, by user-perceived character (emoji, Arabic, combining marks). */
export function getInitial(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const first = segmenter.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? '?';
  return first.toLocaleUpperCase();
}
