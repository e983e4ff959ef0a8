import { ActionIcon, Combobox, Group, TextInput, Tooltip, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LAYOUT_SIZES } from '../layout-constants';
import type { NavItem } from '../nav';
import { searchNavItems } from './search-nav-items';

export type NavSearchProps = {
  /** The navigation tree the user may see. */
  items: readonly NavItem[];
  onNavigate: (item: NavItem) => void;
  getTitle?: (item: NavItem) => string;
  getIcon?: (name: string | undefined, item: NavItem) => ReactNode;
  /** Spec: at most 10 suggestions. */
  maxResults?: number;
  /** Starts open (the search box instead of the button). */
  defaultOpened?: boolean;
};

const defaultTitle = (item: NavItem) => item.title;

/** Search over navigation titles from the top bar: arrows choose, Enter goes, Escape closes. */
export function NavSearch({ items, onNavigate, getTitle = defaultTitle, getIcon, maxResults = LAYOUT_SIZES.navSearchMaxResults, defaultOpened = false }: NavSearchProps) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(defaultOpened);
  const [query, setQuery] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const results = useMemo(() => searchNavItems(items, query, getTitle, maxResults), [items, query, getTitle, maxResults]);

  useEffect(() => {
    if (query.trim()) combobox.selectFirstOption();
    // Only a new query moves the selection back to the first suggestion.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const close = (restoreFocus: boolean) => {
    combobox.closeDropdown();
    setQuery('');
    setOpened(false);
    if (restoreFocus) requestAnimationFrame(() => buttonRef.current?.focus());
  };

  if (!opened) {
    return (
      <Tooltip label={t`Search`}>
        <ActionIcon ref={buttonRef} variant="subtle" color="gray" size="lg" aria-label={t`Search`} onClick={() => setOpened(true)}>
          <IconSearch size={20} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    );
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const item = results.find((result) => result.id === id);
        if (!item) return;
        close(false);
        onNavigate(item);
      }}
    >
      <Combobox.Target>
        <TextInput
          autoFocus
          type="search"
          aria-label={t`Search`}
          placeholder={t`Search`}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close(true);
            }
          }}
          onBlur={() => close(false)}
          w={{ base: 180, sm: 260 }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!query.trim()}>
        <Combobox.Options>
          {results.length === 0 ? (
            <Combobox.Empty>
              <Trans>No results..</Trans>
            </Combobox.Empty>
          ) : (
            results.map((item) => (
              <Combobox.Option key={item.id} value={item.id}>
                <Group gap="xs" wrap="nowrap">
                  {getIcon?.(item.icon, item)}
                  <span>{getTitle(item)}</span>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
