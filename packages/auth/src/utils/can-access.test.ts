import { fakeNavNodes, fakePermissionTree } from '../testing/fixtures';
import { canAccess, normalizeRoutePath } from './can-access';
import type { RoleGroup } from './role-groups';

describe('canAccess', () => {
  const tree = fakePermissionTree();

  it('opens the routes whose url is in the tree, at any depth', () => {
    expect(canAccess(tree, '/user')).toBe(true);
    expect(canAccess(tree, '/dashboard')).toBe(true);
    expect(canAccess(tree, '/cloud-recordings')).toBe(true);
  });

  it('refuses routes the tree does not hold', () => {
    expect(canAccess(tree, '/feedback')).toBe(false);
    expect(canAccess(tree, '/users')).toBe(false);
    expect(canAccess(tree, '/recording')).toBe(false);
    expect(canAccess(tree, '/')).toBe(false);
  });

  it('opens sub-paths of an item and ignores case, query, trailing slash and the basename', () => {
    const roles = fakePermissionTree([{ id: 'roles', type: 'item', title: 'Roles', translate: 'ROLES', url: '/roles' }]);
    expect(canAccess(roles, '/Roles/create-role')).toBe(true);
    expect(canAccess(roles, '/portal/roles/')).toBe(true);
    expect(canAccess(roles, 'roles?q=x')).toBe(true);
    expect(canAccess(roles, '/roles-archive')).toBe(false);
  });

  it('does not count items whose auth group leaves out the tree role', () => {
    const memberTree = fakePermissionTree(fakeNavNodes(), 'member');
    expect(canAccess(memberTree, '/user')).toBe(false);
    expect(canAccess(memberTree, '/live-meeting')).toBe(true);
  });

  it("trusts a tree answered with roleGroups: a custom role's holder (primary role member) opens the items the server gave it", () => {
    const groups: RoleGroup[] = ['accountadmin', 'admin', 'member'];
    const customRoleTree = { ...fakePermissionTree(fakeNavNodes().filter((node) => node.id === 'user'), 'member', ['user.get']), roleGroups: groups };
    expect(canAccess(customRoleTree, '/user')).toBe(true);
    expect(canAccess(customRoleTree, '/dashboard')).toBe(false);
  });

  it('accepts a bare list of nodes and refuses without a tree', () => {
    expect(canAccess(fakeNavNodes(), '/live-meeting')).toBe(true);
    expect(canAccess(undefined, '/user')).toBe(false);
    expect(canAccess(null, '/user')).toBe(false);
  });
});

describe('normalizeRoutePath', () => {
  it('compares menu urls and route paths in one form', () => {
    expect(normalizeRoutePath('/portal/Roles/create-role/?a=1')).toBe('roles/create-role');
    expect(normalizeRoutePath('billing/plan')).toBe('billing/plan');
  });
});
