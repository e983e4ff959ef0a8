import { Badge } from '@mantine/core';
import { createDataTableColumnHelper } from './columns';

export type DemoUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  status: 'enabled' | 'disabled';
};

export const demoUsers: DemoUser[] = [
  { id: 'u1', email: 'amira.haddad@acme.example', firstName: 'Amira', lastName: 'Haddad', role: 'admin', status: 'enabled' },
  { id: 'u2', email: 'bruno.lefevre@acme.example', firstName: 'Bruno', lastName: 'Lefèvre', role: 'member', status: 'enabled' },
  { id: 'u3', email: 'dilnoza.karimova@acme.example', firstName: 'Dilnoza', lastName: 'Karimova', role: 'member', status: 'disabled' },
];

const firstNames = ['Aziz', 'Chloé', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jamal', 'Karin', 'Leila', 'Marc', 'Nodira', 'Omar'];

/** 15 users for paging demos: the three above plus twelve more. */
export const manyDemoUsers: DemoUser[] = [
  ...demoUsers,
  ...firstNames.map((firstName, index) => ({
    id: `u${index + 4}`,
    email: `${firstName.toLowerCase()}.user${index + 4}@acme.example`,
    firstName,
    lastName: `User${index + 4}`,
    role: index % 3 === 0 ? 'admin' : 'member',
    status: index % 4 === 0 ? ('disabled' as const) : ('enabled' as const),
  })),
];

const column = createDataTableColumnHelper<DemoUser>();

export const demoUserColumns = column.columns([
  column.accessor('email', { header: 'Email' }),
  column.accessor('firstName', { header: 'First Name' }),
  column.accessor('lastName', { header: 'Last Name' }),
  column.accessor('role', { header: 'Role', enableSorting: false }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ getValue }) => (
      <Badge color={getValue() === 'enabled' ? 'green' : 'gray'} variant="light">
        {getValue() === 'enabled' ? 'Enabled' : 'Disabled'}
      </Badge>
    ),
  }),
]);
