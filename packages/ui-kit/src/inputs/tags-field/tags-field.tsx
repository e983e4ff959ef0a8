import { Pill, TagsInput, type TagsInputProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export type TagsFieldProps = TagsInputProps;

/**
 * Mantine's TagsInput whose tags can be removed by keyboard and screen reader too: each tag's
 * remove button is focusable and named ("Remove https://app.example.com"), where Mantine hides it
 * from assistive technology and leaves Backspace as the only way without a mouse.
 */
export function TagsField(props: TagsFieldProps) {
  const { t } = useLingui();
  return (
    <TagsInput
      renderPill={({ value, onRemove, disabled }) => (
        <Pill
          withRemoveButton={!disabled && !props.readOnly}
          onRemove={onRemove}
          disabled={disabled}
          removeButtonProps={{ 'aria-hidden': false, tabIndex: 0, 'aria-label': t`Remove ${value}` }}
        >
          {value}
        </Pill>
      )}
      {...props}
    />
  );
}
