// HTTP side of the roles operations: build the scope, call the service, shape the answer.
import type { OperationHandlers } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { grantablePermissions, permissionTree } from './grantable.ts';
import { createRoles, deleteAllRoles, deleteRole, editUnassignedRoles, getRole, listRolePage, listUnassignedRoles, updateRole } from './service.ts';

export const rolesHandlers: OperationHandlers = {
  async getRoles(request) {
    return listRolePage(scopeOf(request), request.query);
  },

  async getRole(request) {
    const { roleId } = request.params;
    return getRole(scopeOf(request), roleId);
  },

  async putRole(request, reply) {
    const items = await createRoles(scopeOf(request), request.body);
    reply.code(201);
    return { items };
  },

  async updateRole(request) {
    const { roleId } = request.params;
    return updateRole(scopeOf(request), roleId, request.body);
  },

  async deleteRole(request, reply) {
    const { roleId } = request.params;
    await deleteRole(scopeOf(request), roleId);
    reply.code(204);
    return undefined;
  },

  async deleteRoles(request) {
    return deleteAllRoles(scopeOf(request));
  },

  async getUnassignedRoles(request) {
    return { items: await listUnassignedRoles(scopeOf(request)) };
  },

  async editUnassignedRoles(request) {
    return editUnassignedRoles(scopeOf(request), request.body);
  },

  async getPermissions(request) {
    return { items: grantablePermissions(scopeOf(request).caller) };
  },

  async getPermissionsTree(request) {
    return { areas: permissionTree(grantablePermissions(scopeOf(request).caller)) };
  },
};
