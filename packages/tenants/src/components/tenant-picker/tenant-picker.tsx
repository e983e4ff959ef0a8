import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useTenants } from '../../api/tenants/get-tenants';

const TENANT_SEARCH_LIMIT = 10;

export type TenantPickerProps = {
  /** The chosen tenant's id; null for the caller's own tenant. */
  value: string | null;
  onChange: (tenantId: string | null) => void;
  w?: number;
};

/**
 * A searchable select of the tenants the caller sees (getTenants, searched on the server).
 * Clearing it means the caller's own tenant.
 */
export function TenantPicker({ value, onChange, w }: TenantPickerProps) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const tenants = useTenants({ q: query || undefined, limit: TENANT_SEARCH_LIMIT });
  const options = (tenants.data?.items ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }));

  return (
    <Select
      aria-label={t`Tenant`}
      placeholder={t`Your tenant`}
      searchable
      clearable
      w={w}
      data={options}
      // The server searches; the options shown are already the matches.
      filter={({ options: matches }) => matches}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={tenants.isFetching ? t`Loading` : t`No results..`}
      value={value}
      onChange={onChange}
    />
  );
}
