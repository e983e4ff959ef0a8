import { Radio, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** Whether an edit, delete or invitation of a recurring meeting acts on the series or one occurrence. */
export type OccurrenceScope = 'all' | 'this';

export type OccurrenceScopeFieldProps = { value: OccurrenceScope; onChange: (scope: OccurrenceScope) => void; label?: string };

/** The all/this-occurrence choice of a recurring meeting, as a radio group. */
export function OccurrenceScopeField({ value, onChange, label }: OccurrenceScopeFieldProps) {
  const { t } = useLingui();
  return (
    <Radio.Group label={label ?? t`This is a recurring meeting`} value={value} onChange={(next) => onChange(next === 'all' ? 'all' : 'this')}>
      <Stack gap={6} mt="xs">
        <Radio value="this" label={t`This occurrence`} />
        <Radio value="all" label={t`All occurrences`} />
      </Stack>
    </Radio.Group>
  );
}
