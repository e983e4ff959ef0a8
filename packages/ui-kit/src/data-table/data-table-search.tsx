import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { DataTableSearch as DataTableSearchConfig } from './types';
import { useDebouncedSearch } from './use-debounced-search';

export type DataTableSearchProps = DataTableSearchConfig;

export function DataTableSearch({ value, onChange, placeholder }: DataTableSearchProps) {
  const { t } = useLingui();
  const search = useDebouncedSearch(value, onChange);
  const label = placeholder ?? t`Search`;
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={label}
      value={search.input}
      onChange={(event) => search.setInput(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          search.flush();
        }
      }}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={search.input ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={search.clear} /> : null}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
