import { playStory } from '@portal/ui-kit/testing';
import { composeStories } from '@storybook/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFileText } from '../../utils/read-file-text';
import * as stories from './tenant-theme-section.stories';

const { Colours, ContrastWarning, NoContrastWarning, NotJson, UploadTheme, ServerRefuses, ResetToDefault, ReadOnly, Arabic } = composeStories(stories);

afterEach(() => vi.restoreAllMocks());

describe('TenantThemeSection', () => {
  it('shows the colours as swatches and downloads them as a theme file', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:theme');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await playStory(Colours);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('acme-theme.json');
    const file = JSON.parse(await readFileText(createObjectURL.mock.calls[0]![0])) as unknown;
    expect(file).toEqual({ lite: { primary: '#f76707', text: '#343a40', background: 'rgb(255, 255, 255)' } });
  });

  it('names the colour pairs below WCAG AA with their ratios, and warns when such a theme is saved', async () => {
    await playStory(ContrastWarning);
  });

  it('shows no contrast warning for a theme that meets AA', async () => {
    await playStory(NoContrastWarning);
  });

  it("says 'Supports only json format' for a non-JSON or non-colour file and calls nothing", async () => {
    await playStory(NotJson);
  });

  it('puts exactly the light colours of a valid theme file', async () => {
    await playStory(UploadTheme);
  });

  it("says 'Supports only json format' when the server refuses the theme", async () => {
    await playStory(ServerRefuses);
  });

  it('resets to the default theme with an empty lite after asking', async () => {
    await playStory(ResetToDefault);
  });

  it('shows the theme without upload or reset to a reader', async () => {
    await playStory(ReadOnly);
  });

  it('renders in Arabic, right to left', async () => {
    await playStory(Arabic);
  });
});
