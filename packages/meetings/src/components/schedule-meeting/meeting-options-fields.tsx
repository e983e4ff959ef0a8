import { Checkbox, Radio, SimpleGrid, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { audioBridgeToggles, chatToggles, meetingToggles } from '../../utils/meeting-options';
import type { ScheduleValues } from './schedule-form-values';

/** The option toggles of spec section 9, starting from the meeting mode's defaults. */
export function MeetingOptionsFields({ form }: { form: UseFormReturnType<ScheduleValues> }) {
  const { t, i18n } = useLingui();
  const options = form.values.options;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      <Stack gap={6}>
        {meetingToggles.map((toggle) => (
          <Checkbox key={toggle.key} label={i18n._(toggle.label)} {...form.getInputProps(`options.${toggle.key}`, { type: 'checkbox' })} />
        ))}
      </Stack>
      <Stack gap="md">
        <Checkbox.Group
          label={t`Audio bridge`}
          value={audioBridgeToggles.filter((toggle) => options.audioBridge[toggle.key]).map((toggle) => toggle.key)}
          onChange={(keys) => {
            for (const toggle of audioBridgeToggles) form.setFieldValue(`options.audioBridge.${toggle.key}`, keys.includes(toggle.key));
          }}
        >
          <Stack gap={6} mt="xs">
            {audioBridgeToggles.map((toggle) => (
              <Checkbox key={toggle.key} value={toggle.key} label={i18n._(toggle.label)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox.Group
          label={t`Chat`}
          value={chatToggles.filter((toggle) => options.chat[toggle.key]).map((toggle) => toggle.key)}
          onChange={(keys) => {
            for (const toggle of chatToggles) form.setFieldValue(`options.chat.${toggle.key}`, keys.includes(toggle.key));
          }}
        >
          <Stack gap={6} mt="xs">
            {chatToggles.map((toggle) => (
              <Checkbox key={toggle.key} value={toggle.key} label={i18n._(toggle.label)} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
      <Stack gap="md">
        <Radio.Group label={t`Screen share`} {...form.getInputProps('options.screenShare')}>
          <Stack gap={6} mt="xs">
            <Radio value="host" label={t`Host only`} />
            <Radio value="all" label={t`All participants`} />
          </Stack>
        </Radio.Group>
        <Radio.Group label={t`Annotation`} {...form.getInputProps('options.annotation')}>
          <Stack gap={6} mt="xs">
            <Radio value="all" label={t`All participants`} />
            <Radio value="sharer" label={t`Only the sharer`} />
          </Stack>
        </Radio.Group>
      </Stack>
    </SimpleGrid>
  );
}
