import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { IconBan, IconCircleCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCurrentUser } from '@portal/auth';
import { problemText } from '@portal/forms';
import { ConfirmDialog, DataTable, notify, PageLoader, RowAction, useDialogState, useStepBackFromEmptyPage, type DataTableColumn, type UseServerTableResult } from '@portal/ui-kit';
import { showCatalogueFailure } from '../../utils/catalogue-failure';

/** A product or a plan: listed by name, disabled rather than deleted while in use. */
export type CatalogueItem = { id: string; disabled: boolean };

type MutateCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };

/** The texts of one catalogue list, already in the reader's language. */
export type CatalogueListTexts = {
  title: string;
  create: string;
  empty: string;
  edited: string;
  deleted: string;
  deleteTitle: string;
  deleteMessage: string;
};

export type CatalogueListScreenProps<Item extends CatalogueItem> = {
  texts: CatalogueListTexts;
  columns: ReadonlyArray<DataTableColumn<Item>>;
  table: UseServerTableResult;
  list: {
    data?: { items: Item[]; nextCursor: string | null } | undefined;
    isPending: boolean;
    isSuccess: boolean;
    isPlaceholderData: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** What the caller may do (from the list's permissions). */
  can: { create: boolean; edit: boolean; disable: boolean; delete: boolean };
  createPath: string;
  editPath: (id: string) => string;
  /** Sends the item's flipped `disabled`. */
  toggleDisabled: (item: Item, callbacks: MutateCallbacks) => void;
  remove: (item: Item, callbacks: MutateCallbacks) => void;
  removing: boolean;
};

const getRowId = (item: CatalogueItem) => item.id;

/** A catalogue item's name cell: the name, and 'Disabled' when it is. */
export function CatalogueName({ name, disabled }: { name: string; disabled: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <span>{name}</span>
      {disabled ? (
        <Badge color="gray" variant="light" size="sm" miw="max-content">
          <Trans>Disabled</Trans>
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * A platform catalogue list (products, plans): title, Create link, the server-searched and paged
 * table with Edit, Disable/Enable and Delete row actions as the caller's permissions allow, and the
 * delete confirmation. Failures of the row actions show as a notice in the catalogue's words.
 */
export function CatalogueListScreen<Item extends CatalogueItem>({ texts, columns, table, list, can, createPath, editPath, toggleDisabled, remove, removing }: CatalogueListScreenProps<Item>) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const deletion = useDialogState<Item>();

  useStepBackFromEmptyPage(list, table);

  const failed = (error: unknown) => showCatalogueFailure(error, i18n);

  const confirmDelete = () => {
    if (!deletion.target) return;
    remove(deletion.target, {
      onSuccess: () => {
        notify.success(texts.deleted);
        deletion.close();
      },
      onError: (error) => {
        failed(error);
        deletion.close();
      },
    });
  };

  const toggle = (item: Item) => toggleDisabled(item, { onSuccess: () => notify.success(texts.edited), onError: failed });

  const rowActions =
    can.edit || can.delete
      ? (item: Item): ReactNode => (
          <>
            {can.edit ? <RowAction label={t`Edit`} icon={<IconPencil size={18} aria-hidden="true" />} onClick={() => void navigate(editPath(item.id))} /> : null}
            {can.edit && can.disable ? (
              item.disabled ? (
                <RowAction label={t`Enable`} icon={<IconCircleCheck size={18} aria-hidden="true" />} onClick={() => toggle(item)} />
              ) : (
                <RowAction label={t`Disable`} icon={<IconBan size={18} aria-hidden="true" />} onClick={() => toggle(item)} />
              )
            ) : null}
            {can.delete ? <RowAction label={t`Delete`} color="red" icon={<IconTrash size={18} aria-hidden="true" />} onClick={() => deletion.open(item)} /> : null}
          </>
        )
      : undefined;

  const toolbar = can.create ? (
    <Button component={Link} to={createPath} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      {texts.create}
    </Button>
  ) : undefined;

  return (
    <Stack gap="md">
      <Title order={2}>{texts.title}</Title>
      {/* Actions depend on the caller's permissions: wait for them rather than pop buttons in. */}
      {currentUser.isPending ? (
        <PageLoader h={240} />
      ) : (
        <DataTable
          {...table.bind(list.data?.nextCursor)}
          label={texts.title}
          columns={columns}
          data={list.data?.items}
          getRowId={getRowId}
          loading={list.isPending}
          error={list.isError ? problemText(list.error, i18n) : undefined}
          onRetry={() => void list.refetch()}
          emptyText={table.q ? t`No results..` : texts.empty}
          toolbar={toolbar}
          rowActions={rowActions}
        />
      )}
      <ConfirmDialog
        opened={deletion.opened}
        title={texts.deleteTitle}
        message={texts.deleteMessage}
        confirmLabel={t`Delete`}
        danger
        loading={removing}
        onConfirm={confirmDelete}
        onClose={deletion.close}
      />
    </Stack>
  );
}
