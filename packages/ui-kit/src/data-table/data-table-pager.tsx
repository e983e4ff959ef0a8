import { Button, Group, NativeSelect, Text, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { isPageSize, PAGE_SIZE_OPTIONS, type DataTablePaging } from './types';

export type DataTablePagerProps = DataTablePaging & { disabled?: boolean };

export function DataTablePager({ hasNext, hasPrevious, onNext, onPrevious, pageSize, onPageSizeChange, disabled }: DataTablePagerProps) {
  const { t } = useLingui();
  const { dir } = useDirection();
  const labelId = useId();
  // Chevrons point along the reading direction, so "previous" points right in Arabic.
  const [PrevIcon, NextIcon] = dir === 'rtl' ? [IconChevronRight, IconChevronLeft] : [IconChevronLeft, IconChevronRight];
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {onPageSizeChange ? (
        <Group gap="xs" wrap="nowrap">
          <Text id={labelId} size="sm" c="dimmed">
            <Trans>Rows per page</Trans>
          </Text>
          <NativeSelect
            aria-labelledby={labelId}
            size="xs"
            value={String(pageSize)}
            data={PAGE_SIZE_OPTIONS.map(String)}
            onChange={(event) => {
              const next = Number(event.currentTarget.value);
              if (isPageSize(next)) onPageSizeChange(next);
            }}
          />
        </Group>
      ) : (
        <span />
      )}
      <Group gap="xs" component="nav" aria-label={t`Pagination`}>
        <Button variant="default" size="xs" leftSection={<PrevIcon size={16} aria-hidden="true" />} disabled={disabled || !hasPrevious} onClick={onPrevious}>
          <Trans>Previous page</Trans>
        </Button>
        <Button variant="default" size="xs" rightSection={<NextIcon size={16} aria-hidden="true" />} disabled={disabled || !hasNext} onClick={onNext}>
          <Trans>Next page</Trans>
        </Button>
      </Group>
    </Group>
  );
}
