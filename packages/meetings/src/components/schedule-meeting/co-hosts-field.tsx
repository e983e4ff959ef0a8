import { MultiSelect } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useMeetingCoHostCandidates, type CoHostCandidate } from '../../api/meetings/get-meeting-co-host-candidates';
import type { ScheduleValues } from './schedule-form-values';

const personLabel = (person: CoHostCandidate) => (person.name.trim() ? `${person.name} (${person.email})` : person.email);

/**
 * Co-hosts: people of the tenant found by name or email on the server as one types; the ones
 * chosen keep their labels while the search moves on. `initial`: the meeting's co-hosts.
 */
export function CoHostsField({ form, initial }: { form: UseFormReturnType<ScheduleValues>; initial: readonly CoHostCandidate[] }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const candidates = useMeetingCoHostCandidates(q ? { q, limit: 20 } : { limit: 20 });
  const [known, setKnown] = useState<Map<string, CoHostCandidate>>(() => new Map(initial.map((person) => [person.id, person])));
  const found = candidates.data?.items;

  const data = useMemo(() => {
    const people = new Map(known);
    for (const person of found ?? []) people.set(person.id, person);
    return [...people.values()].map((person) => ({ value: person.id, label: personLabel(person) }));
  }, [known, found]);

  const input = form.getInputProps('coHostIds');
  return (
    <MultiSelect
      label={t`Co-hosts`}
      description={t`People of your organisation who may run the meeting too.`}
      placeholder={t`Search by name or email`}
      searchable
      clearable
      hidePickedOptions
      maxValues={50}
      data={data}
      // The server has filtered by name and email already.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={t`No results..`}
      {...input}
      onChange={(ids: string[]) => {
        const byId = new Map((found ?? []).map((person) => [person.id, person]));
        setKnown((current) => {
          const next = new Map(current);
          for (const id of ids) {
            const person = byId.get(id);
            if (person) next.set(id, person);
          }
          return next;
        });
        input.onChange(ids);
      }}
    />
  );
}
