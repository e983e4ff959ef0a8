import { Button, Menu } from '@mantine/core';
import type { MenuProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { isLanguage, languageName, supportedLanguages } from '../../languages';
import { useLanguageStore } from '../../stores/language-store';

export type LanguageMenuProps = {
  /** Where the list opens relative to the button; Mantine mirrors it in right-to-left layouts. */
  position?: MenuProps['position'];
};

/** Toolbar button showing the current language; choosing another switches the app at once. */
export function LanguageMenu({ position = 'bottom-end' }: LanguageMenuProps) {
  const { t } = useLingui();
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const currentName = languageName(language);

  return (
    <Menu position={position} shadow="md" loop>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t`Language: ${currentName}`}
        >
          <span lang={language}>{currentName}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.RadioGroup
          value={language}
          onChange={(value) => {
            if (isLanguage(value)) setLanguage(value);
          }}
        >
          {supportedLanguages.map(({ code, name }) => (
            // Names stay in their own language and script, so each reader can find theirs.
            <Menu.RadioItem key={code} value={code} lang={code} closeMenuOnClick>
              {name}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
