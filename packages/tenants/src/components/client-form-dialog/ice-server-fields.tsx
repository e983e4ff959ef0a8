import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '@portal/ui-kit';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { emptyIceRow, type ClientFormValues, type IceList } from './client-form-values';

export type IceServerFieldsProps = {
  form: UseFormReturnType<ClientFormValues>;
  list: IceList;
  legend: ReactNode;
};

/** One list of ICE servers (video or audio): url, username and credential per server, added and removed. */
export function IceServerFields({ form, list, legend }: IceServerFieldsProps) {
  const { t } = useLingui();
  const rows = form.values[list];
  return (
    <Fieldset legend={legend} variant="filled">
      <Stack gap="sm">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t`No ICE servers`}
          </Text>
        ) : null}
        {rows.map((row, index) => (
          <Group key={row.key} gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              label={t`Url`}
              placeholder="turn:turn.example.com:3478"
              required
              dir="ltr"
              style={{ flex: '2 1 220px' }}
              {...form.getInputProps(`${list}.${index}.url`)}
            />
            <TextInput label={t`Username`} autoComplete="off" dir="ltr" style={{ flex: '1 1 140px' }} {...form.getInputProps(`${list}.${index}.username`)} />
            <PasswordField
              label={t`Credential`}
              autoComplete="new-password"
              placeholder={row.hasCredential ? t`Stored, leave empty to keep` : undefined}
              style={{ flex: '1 1 160px' }}
              {...form.getInputProps(`${list}.${index}.credential`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={t`Remove ICE server ${index + 1}`}
              onClick={() => form.removeListItem(list, index)}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => form.insertListItem(list, emptyIceRow())}>
            {t`Add ICE server`}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
