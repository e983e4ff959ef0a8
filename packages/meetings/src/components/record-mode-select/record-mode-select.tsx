import { Select, type SelectProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useMeetingModes } from '../../api/meetings/get-meeting-modes';
import { recordModes, type RecordingMode } from '../../utils/meeting-labels';

export type RecordModeSelectProps = Omit<SelectProps, 'data' | 'label'> & {
  /** The meeting's saved mode: still shown when the platform has switched it off since (it is kept, not recorded). */
  kept?: RecordingMode | null;
};

/**
 * The Record Mode select of the Schedule and Personal meeting forms: only the record modes the
 * platform's recording settings enable (getMeetingModes `recordModes`), plus the meeting's own
 * mode when it was switched off after it was chosen, marked as not recorded. With recording
 * switched off on the platform it says so and offers nothing new. Until the enabled modes are
 * known it offers every mode (the server refuses a disabled one all the same).
 */
export function RecordModeSelect({ kept = null, disabled, description, ...props }: RecordModeSelectProps) {
  const { t, i18n } = useLingui();
  const enabled = useMeetingModes().data?.recordModes;
  const offered: readonly RecordingMode[] = enabled ?? recordModes.map((mode) => mode.value);
  const data = recordModes
    .filter((mode) => offered.includes(mode.value) || mode.value === kept)
    .map((mode) => {
      const label = i18n._(mode.label);
      return { value: mode.value, label: offered.includes(mode.value) ? label : t`${label} (switched off: not recorded)` };
    });
  const off = enabled !== undefined && enabled.length === 0;
  return (
    <Select
      label={t`Record Mode`}
      clearable
      data={data}
      disabled={disabled || (off && !kept)}
      description={description ?? (off ? t`Recording is switched off on this platform.` : undefined)}
      {...props}
    />
  );
}
