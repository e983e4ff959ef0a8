import { Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useServerTable } from '@portal/ui-kit';
import { useDateRange } from '../date-range-filter';

export type RecordingListQueryOptions = {
  /** Today, for the default period (the last 30 days). */
  today: Date;
  /** Whether the list is narrowed by company (the platform super administrator's lists). */
  byCompany: boolean;
};

/**
 * What a recordings list asks for: the page and search of its table, the period (the last 30 days
 * unless chosen) and, across tenants, the company typed (debounced). A new period or company starts
 * the list again at its first page.
 */
export function useRecordingListQuery({ today, byCompany }: RecordingListQueryOptions) {
  const table = useServerTable();
  const range = useDateRange({ days: 30, today, onChange: () => table.pageIndex > 0 && table.reset() });
  const [company, setCompany] = useState('');
  const [settledCompany] = useDebouncedValue(company.trim(), 300);
  useEffect(() => {
    if (table.pageIndex > 0) table.reset();
    // Only a change of the company asked for starts the list again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledCompany]);
  const params = useMemo(
    () => ({ q: table.params.q, cursor: table.params.cursor, limit: table.params.limit, ...range.query, ...(byCompany && settledCompany ? { company: settledCompany } : {}) }),
    [table.params, range.query, byCompany, settledCompany],
  );
  return { table, range, params, company, setCompany };
}

/** The Company field narrowing a cross-tenant recordings list. */
export function CompanyFilter({ value, onChange }: { value: string; onChange: (company: string) => void }) {
  const { t } = useLingui();
  return (
    <Group>
      <TextInput label={t`Company`} value={value} onChange={(event) => onChange(event.currentTarget.value)} maxLength={100} w={200} />
    </Group>
  );
}
