import { Chip, Group, Input, NumberInput, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { isoDate } from '../../utils/calendar-day';
import { WEEKDAYS, weekdayName } from '../../utils/meeting-labels';
import type { ScheduleValues } from './schedule-form-values';

/** Every N days, weeks (on Sun–Sat) or months (on a day of the month), ending on a date or after N times. */
export function RecurrenceFields({ form }: { form: UseFormReturnType<ScheduleValues> }) {
  const { t, i18n } = useLingui();
  const values = form.values;
  const unit = { daily: t`day(s)`, weekly: t`week(s)`, monthly: t`month(s)` }[values.frequency];
  return (
    <Stack gap="md">
      <Input.Wrapper label={t`Repeat`}>
        <div>
          <SegmentedControl
            mt={4}
            value={values.frequency}
            onChange={(value) => form.setFieldValue('frequency', value)}
            data={[
              { value: 'daily', label: t`Daily` },
              { value: 'weekly', label: t`Weekly` },
              { value: 'monthly', label: t`Monthly` },
            ]}
          />
        </div>
      </Input.Wrapper>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput label={t`Repeat every`} min={1} max={99} allowDecimal={false} allowNegative={false} w={140} {...form.getInputProps('interval')} />
        <Text size="sm" pb={8}>
          {unit}
        </Text>
      </Group>
      {values.frequency === 'weekly' ? (
        <Input.Wrapper label={t`Repeat on`} error={form.errors.weekdays} required>
          <Chip.Group multiple value={values.weekdays} onChange={(days) => form.setFieldValue('weekdays', WEEKDAYS.filter((day) => days.includes(day)))}>
            <Group gap={6} mt={6}>
              {WEEKDAYS.map((day) => (
                <Chip key={day} value={day} size="sm" aria-label={weekdayName(day, i18n.locale, 'long')}>
                  {weekdayName(day, i18n.locale)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      ) : null}
      {values.frequency === 'monthly' ? (
        <NumberInput label={t`Day of the month`} min={1} max={31} allowDecimal={false} allowNegative={false} w={180} {...form.getInputProps('monthDay')} />
      ) : null}
      <Radio.Group label={t`End`} value={values.endKind} onChange={(value) => form.setFieldValue('endKind', value === 'date' ? 'date' : 'count')}>
        <Stack gap="xs" mt="xs">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Radio value="date" label={t`By date`} mt={8} />
            <DateInput
              aria-label={t`End Date`}
              placeholder="YYYY-MM-DD"
              valueFormat="YYYY-MM-DD"
              dateParser={isoDate}
              disabled={values.endKind !== 'date'}
              dir="ltr"
              w={180}
              {...form.getInputProps('endDate')}
            />
          </Group>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Radio value="count" label={t`After`} mt={8} />
            <NumberInput
              aria-label={t`Occurrences`}
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              disabled={values.endKind !== 'count'}
              w={100}
              {...form.getInputProps('count')}
            />
            <Text size="sm" mt={8}>
              {t`occurrences`}
            </Text>
          </Group>
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
