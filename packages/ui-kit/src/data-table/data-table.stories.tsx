import { Button } from '@mantine/core';
import { IconEdit, IconMail, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useServerTable, type ServerTableParams } from '../server-table';
import { UiTestProviders } from '../testing';
import { DataTable } from './data-table';
import { demoUserColumns, demoUsers, manyDemoUsers, type DemoUser } from './data-table.fixtures';
import { RowAction } from './row-action';

const meta = {
  title: 'ui-kit/Data/DataTable',
  tags: ['autodocs'],
  component: DataTable<DemoUser>,
  decorators: [
    (Story) => (
      <UiTestProviders>
        <Story />
      </UiTestProviders>
    ),
  ],
  args: {
    label: 'Users',
    columns: demoUserColumns,
    data: demoUsers,
    getRowId: (user: DemoUser) => user.id,
    emptyText: 'There are no users!',
    sort: { id: 'email', desc: false },
    onSortChange: fn(),
    search: { value: '', onChange: fn(), placeholder: 'Search users' },
    paging: { hasNext: true, hasPrevious: false, onNext: fn(), onPrevious: fn(), pageSize: 25, onPageSizeChange: fn() },
    toolbar: (
      <>
        <Button leftSection={<IconPlus size={16} />}>Add</Button>
        <Button variant="default" leftSection={<IconUpload size={16} />}>
          Import
        </Button>
      </>
    ),
    rowActions: (user: DemoUser) => (
      <>
        <RowAction label={`Edit ${user.firstName}`} icon={<IconEdit size={18} />} onClick={() => {}} />
        <RowAction label={`Invite ${user.firstName}`} icon={<IconMail size={18} />} onClick={() => {}} />
        <RowAction label={`Delete ${user.firstName}`} color="red" icon={<IconTrash size={18} />} onClick={() => {}} />
      </>
    ),
  },
} satisfies Meta<typeof DataTable<DemoUser>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Users: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Users' });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(canvas.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(canvas.getByRole('button', { name: /First Name/ }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ id: 'firstName', desc: false });

    await userEvent.click(canvas.getByRole('button', { name: /Email/ }));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ id: 'email', desc: true });

    // Not sortable on the server: a plain header, no button.
    await expect(canvas.queryByRole('button', { name: /^Role/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Delete Bruno' })).toBeVisible();
  },
};

export const SortDescending: Story = {
  args: { sort: { id: 'email', desc: true } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
    const header = canvas.getByRole('button', { name: /Email/ });
    header.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({ id: 'email', desc: false });
  },
};

export const SearchDebounce: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const onChange = args.search?.onChange;
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search users' }), 'amira');
    await expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('amira'), { timeout: 1500 });
    await expect(onChange).toHaveBeenCalledTimes(1);
  },
};

export const Paging: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /Previous page/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: /Next page/ }));
    await expect(args.paging?.onNext).toHaveBeenCalledTimes(1);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Rows per page' }), '50');
    await expect(args.paging?.onPageSizeChange).toHaveBeenCalledWith(50);
  },
};

export const Empty: Story = {
  args: { data: [], paging: { hasNext: false, hasPrevious: false, onNext: fn(), onPrevious: fn(), pageSize: 25 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('There are no users!')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Next page/ })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { data: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Users' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByText('There are no users!')).not.toBeInTheDocument();
    await expect(table.querySelectorAll('tbody tr')).toHaveLength(10);
  },
};

export const Failed: Story = {
  args: { data: undefined, error: 'Failed, Try Again..!!', onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed, Try Again..!!');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

const PAGE = 5;

// A stand-in for the API: keyset paging over the demo users with `q`, `sort` and `cursor`.
function fakeListUsers(params: ServerTableParams): { items: DemoUser[]; nextCursor: string | null } {
  const q = params.q?.toLowerCase();
  const desc = params.sort?.startsWith('-') ?? false;
  const field = (params.sort?.replace(/^-/, '') ?? 'email') as keyof DemoUser;
  const rows = manyDemoUsers
    .filter((user) => !q || `${user.email} ${user.firstName} ${user.lastName}`.toLowerCase().includes(q))
    .sort((a, b) => a[field].localeCompare(b[field]) * (desc ? -1 : 1));
  const start = params.cursor ? rows.findIndex((user) => user.id === params.cursor) : 0;
  const items = rows.slice(start, start + PAGE);
  return { items, nextCursor: rows[start + PAGE]?.id ?? null };
}

function UsersScreen() {
  const table = useServerTable({ defaultSort: { id: 'email', desc: false }, pageSize: 10 });
  const page = useMemo(() => fakeListUsers(table.params), [table.params]);
  return (
    <DataTable
      label="Users"
      columns={demoUserColumns}
      getRowId={(user) => user.id}
      emptyText="There are no users!"
      data={page.items}
      {...table.bind(page.nextCursor)}
    />
  );
}

export const WithServerTable: Story = {
  render: () => <UsersScreen />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const next = canvas.getByRole('button', { name: /Next page/ });
    await expect(canvas.getByText('amira.haddad@acme.example')).toBeVisible();

    await userEvent.click(next);
    await expect(canvas.queryByText('amira.haddad@acme.example')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: /Previous page/ })).toBeEnabled();

    // A new sort restarts from the first page.
    await userEvent.click(canvas.getByRole('button', { name: /Email/ }));
    await expect(canvas.getByRole('button', { name: /Previous page/ })).toBeDisabled();
    await expect(canvas.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.type(canvas.getByRole('searchbox'), 'dilnoza{Enter}');
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(2));
    await expect(canvas.getByText('dilnoza.karimova@acme.example')).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Next page/ })).toBeDisabled();
  },
};

/** At phone width: the end edge shadowed and the Actions column (named `actions` in the story's language) in sight, at the start and scrolled to the end. */
function phonePlay(actions: string): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Users' });
    await waitFor(() => expect(region).toHaveAttribute('data-more-end', 'true'));
    await expect(region).not.toHaveAttribute('data-more-start');
    const header = canvas.getByRole('columnheader', { name: actions });
    const inSight = () => {
      const box = region.getBoundingClientRect();
      const cell = header.getBoundingClientRect();
      return cell.left >= box.left - 1 && cell.right <= box.right + 1;
    };
    await expect(inSight()).toBe(true);
    await expect(canvas.getByRole('button', { name: 'Edit Amira' })).toBeVisible();
    // Right to left, scrollLeft runs from 0 at the start to negative values.
    const rtl = getComputedStyle(region).direction === 'rtl';
    region.scrollLeft = (rtl ? -1 : 1) * region.scrollWidth;
    await waitFor(() => expect(region).toHaveAttribute('data-more-start', 'true'));
    await waitFor(() => expect(region).not.toHaveAttribute('data-more-end'));
    await expect(inSight()).toBe(true);
    region.scrollLeft = 0;
    await waitFor(() => expect(region).not.toHaveAttribute('data-more-start'));
  };
}

/**
 * A phone (375 px): the columns go on beyond the screen. A shadow on the edge that has more shows
 * it, and the Actions column stays in sight at the end edge.
 */
export const PhoneWidth: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: phonePlay('Actions'),
};

/** The same phone in Arabic: the table, its shadows and the sticky Actions column mirrored. */
export const PhoneWidthArabic: Story = {
  globals: { locale: 'ar', viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    await expect(getComputedStyle(within(context.canvasElement).getByRole('region', { name: 'Users' })).direction).toBe('rtl');
    await phonePlay('الإجراءات')?.(context);
  },
};
