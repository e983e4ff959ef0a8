// HTTP side of the roles operations: build the scope, call the service, shape the answer.
import type { FastifyReply } from 'fastify';
import type { OperationHandlers, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { grantablePermissions, permissionTree } from './grantable.ts';
import {
  createRoles,
  deleteAllRoles,
  deleteRole as removeRole,
  editUnassignedRoles as changeUnassignedRoles,
  getRole as readRole,
  listRolePage,
  listUnassignedRoles,
  updateRole as changeRole,
} from './service.ts';
import { noContent } from '../kernel/http/replies.ts';

async function getRoles(request: OperationRequest<'getRoles'>) {
  return listRolePage(scopeOf(request), request.query);
}

async function getRole(request: OperationRequest<'getRole'>) {
  const { roleId } = request.params;
  return readRole(scopeOf(request), roleId);
}

async function putRole(request: OperationRequest<'putRole'>, reply: FastifyReply) {
  const items = await createRoles(scopeOf(request), request.body);
  reply.code(201);
  return { items };
}

async function updateRole(request: OperationRequest<'updateRole'>) {
  const { roleId } = request.params;
  return changeRole(scopeOf(request), roleId, request.body);
}

async function deleteRole(request: OperationRequest<'deleteRole'>, reply: FastifyReply) {
  const { roleId } = request.params;
  await removeRole(scopeOf(request), roleId);
  return noContent(reply);
}

async function deleteRoles(request: OperationRequest<'deleteRoles'>) {
  return deleteAllRoles(scopeOf(request));
}

async function getUnassignedRoles(request: OperationRequest<'getUnassignedRoles'>) {
  return { items: await listUnassignedRoles(scopeOf(request)) };
}

async function editUnassignedRoles(request: OperationRequest<'editUnassignedRoles'>) {
  return changeUnassignedRoles(scopeOf(request), request.body);
}

async function getPermissions(request: OperationRequest<'getPermissions'>) {
  return { items: grantablePermissions(scopeOf(request).caller) };
}

async function getPermissionsTree(request: OperationRequest<'getPermissionsTree'>) {
  return { areas: permissionTree(grantablePermissions(scopeOf(request).caller)) };
}

export const rolesHandlers = {
  getRoles,
  getRole,
  putRole,
  updateRole,
  deleteRole,
  deleteRoles,
  getUnassignedRoles,
  editUnassignedRoles,
  getPermissions,
  getPermissionsTree,
} satisfies OperationHandlers;
