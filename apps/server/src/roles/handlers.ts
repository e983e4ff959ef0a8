// HTTP side of the roles operations: build the scope, call the service, shape the answer.
import type { FastifyRequest } from 'fastify';
import { crossTenantActor } from '../audit/actor.ts';
import { auditActorOf } from '../audit/record.ts';
import type { OperationHandlers } from '../http/handler.ts';
import { callerOf } from '../auth/caller.ts';
import { grantablePermissions, permissionTree } from './grantable.ts';
import { createRoles, deleteAllRoles, deleteRole, editUnassignedRoles, getRole, listRolePage, listUnassignedRoles, updateRole, type RoleScope } from './service.ts';

function scopeOf(request: FastifyRequest): RoleScope {
  const { ctx, server } = request;
  return {
    tenantId: ctx.tenant.id,
    caller: callerOf(ctx.principal),
    db: ctx.db,
    audit: auditActorOf(request),
    database: server.database,
    actorIn: (tenantId) => crossTenantActor(request, tenantId),
  };
}

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
    return { items: grantablePermissions(callerOf(request.ctx.principal)) };
  },

  async getPermissionsTree(request) {
    return { areas: permissionTree(grantablePermissions(callerOf(request.ctx.principal))) };
  },
};
