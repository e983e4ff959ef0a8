import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { useLingui } from '@lingui/react/macro';
import { useClockFormat } from '@portal/i18n';

export type TimeFieldProps = Omit<TimePickerProps, 'format' | 'amPmLabels'>;

/**
 * A wall-clock time (`HH:mm`) typed on the clock of the page's language or the profile's choice:
 * 22:00 in French, 10:00 م in Arabic. The browser's own time input follows the browser's locale
 * instead, so an Arabic page on an English browser showed "10:00 PM".
 */
export function TimeField(props: TimeFieldProps) {
  const { t } = useLingui();
  const clock = useClockFormat();
  // Each part is read out with the field's label ("Time, Hours"), which names only the first part.
  const named = (part: string) => (typeof props.label === 'string' ? `${props.label}, ${part}` : part);
  return <TimePicker hoursInputLabel={named(t`Hours`)} minutesInputLabel={named(t`Minutes`)} amPmInputLabel={named(t`AM or PM`)} {...clock} {...props} />;
}
