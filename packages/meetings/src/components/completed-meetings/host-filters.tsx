import { Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';

export type HostFilterValues = { company?: string; firstName?: string; lastName?: string };

/**
 * The spec's company, first-name and last-name fields of Completed meetings: the tenant's name
 * (only the platform super administrator sees several tenants) and the host's names contain the
 * text typed; they narrow the list and the export once typing pauses.
 */
export function useHostFilters(onChange: () => void) {
  const [typed, setTyped] = useState({ company: '', firstName: '', lastName: '' });
  const [settled] = useDebouncedValue(typed, 300);
  const query = useMemo<HostFilterValues>(
    () => Object.fromEntries(Object.entries(settled).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : []))),
    [settled],
  );
  const key = JSON.stringify(query);
  useEffect(() => {
    onChange();
    // Only a change of what is asked starts the list again, not a new callback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return { typed, setTyped, query };
}

export function HostFilters({ filters, withCompany }: { filters: ReturnType<typeof useHostFilters>; withCompany: boolean }) {
  const { t } = useLingui();
  const field = (name: keyof typeof filters.typed, label: string) => (
    <TextInput label={label} value={filters.typed[name]} onChange={(event) => {
        const { value } = event.currentTarget;
        filters.setTyped((now) => ({ ...now, [name]: value }));
      }} maxLength={100} w={200} />
  );
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      {withCompany ? field('company', t`Company`) : null}
      {field('firstName', t`First name`)}
      {field('lastName', t`Last name`)}
    </Group>
  );
}
