import { describe, expect, it } from 'vitest';
import { createSpecValidators, listOperations, loadSpec, resolvePointer, sharedSchema, sharedSchemaId, type OperationSpec } from './index.ts';
import { operationRoutes } from '../index.ts';

// A small contract of the same form as openapi/portal.yaml: a shared path parameter, `$ref`s to
// parameters, bodies, responses and schemas, `x-error-code`s and the `x-` extensions.
const miniSpec = `
openapi: 3.1.0
info: { title: Mini, version: '1' }
paths:
  /users:
    get:
      operationId: getUsers
      x-permission: users:read
      parameters:
        - { $ref: '#/components/parameters/Limit' }
      responses:
        '200':
          description: The users
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/User' } }
    post:
      operationId: addUser
      x-permission: users:write
      x-role-group: admin
      x-body-limit: 2048
      requestBody: { $ref: '#/components/requestBodies/AddUser' }
      responses:
        '201': { $ref: '#/components/responses/UserCreated' }
        4XX: { description: A problem, content: { application/problem+json: { schema: { type: object } } } }
  /users/{userId}:
    parameters:
      - { name: userId, in: path, schema: { type: string, format: uuid } }
    delete:
      operationId: deleteUser
      x-permission: users:write
      responses:
        '204': { description: Deleted }
components:
  parameters:
    Limit: { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100, default: 25 } }
  requestBodies:
    AddUser:
      required: true
      content:
        application/json:
          schema: { $ref: '#/components/schemas/AddUserRequest' }
  responses:
    UserCreated:
      description: The new user
      content:
        application/json:
          schema: { $ref: '#/components/schemas/User' }
  schemas:
    Email: { type: string, format: email, x-error-code: invalid_email }
    AddUserRequest:
      type: object
      additionalProperties: false
      required: [email, name]
      properties:
        email: { $ref: '#/components/schemas/Email' }
        name: { type: string, minLength: 1, maxLength: 8 }
        roles: { type: array, items: { type: string, x-error-code: invalid_role } }
        enabled: { type: boolean, default: true }
    User:
      type: object
      required: [id, email]
      properties:
        id: { type: string }
        email: { $ref: '#/components/schemas/Email' }
`;

const spec = loadSpec(miniSpec);
const operations = listOperations(spec);
const operation = (id: OperationSpec['operationId']) => {
  const found = operations.find((op) => op.operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
const validators = createSpecValidators(spec);

describe('loadSpec and listOperations', () => {
  it('lists every operation with its method, paths and extensions, refs resolved', () => {
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(['GET /users', 'POST /users', 'DELETE /users/{userId}']);
    const addUser = operation('addUser');
    expect(addUser).toMatchObject({ routePath: '/users', permission: 'users:write', roleGroup: 'admin', bodyLimit: 2048, requestBody: { required: true } });
    expect(addUser.requestBody?.content['application/json']).toEqual({ $ref: '#/components/schemas/AddUserRequest' });
    expect(addUser.responses['201']?.content['application/json']).toEqual({ $ref: '#/components/schemas/User' });
    expect(operation('getUsers').parameters).toEqual([expect.objectContaining({ name: 'limit', in: 'query', required: false })]);
  });

  it('takes path-level parameters and makes path parameters required', () => {
    const deleteUser = operation('deleteUser');
    expect(deleteUser.routePath).toBe('/users/:userId');
    expect(deleteUser.parameters).toEqual([expect.objectContaining({ name: 'userId', in: 'path', required: true })]);
    expect(deleteUser.responses['204']).toEqual({ description: 'Deleted', content: {} });
  });

  it('refuses an operation without x-permission', () => {
    const bare = loadSpec('{"openapi":"3.1.0","info":{"title":"x","version":"1"},"paths":{"/x":{"get":{"operationId":"getX","responses":{}}}},"components":{"schemas":{}}}');
    expect(() => listOperations(bare)).toThrow('getX has no x-permission');
  });

  it('resolves local pointers only', () => {
    expect(resolvePointer(spec, '#/paths/~1users~1{userId}/delete/operationId')).toBe('deleteUser');
    expect(() => resolvePointer(spec, '#/components/schemas/Nope')).toThrow('Unresolved $ref #/components/schemas/Nope');
    expect(() => resolvePointer(spec, 'other.yaml#/X')).toThrow('Only local $refs are supported');
  });

  it('reads the copy of the contract shipped with the package by default, the one operationRoutes was generated from', () => {
    const shipped = listOperations(loadSpec());
    expect(loadSpec()).toBe(loadSpec());
    expect(Object.fromEntries(shipped.map((op) => [op.operationId, { method: op.method, path: op.path }]))).toEqual(operationRoutes);
  });
});

describe('request validators', () => {
  const addUser = validators.request(operation('addUser'), 'body');

  it('passes a valid body and fills its defaults', () => {
    const body: Record<string, unknown> = { email: 'zoe@acme.test', name: 'Zoë' };
    expect(addUser(body)).toEqual([]);
    expect(body).toEqual({ email: 'zoe@acme.test', name: 'Zoë', enabled: true });
  });

  it('names each failing field with the x-error-code of its property, else required, too_long or invalid_value', () => {
    expect(addUser({ email: 42, name: 'x'.repeat(9), roles: ['ok', 7], extra: 1 })).toEqual([
      { field: 'extra', code: 'invalid_value', message: 'extra must NOT have additional properties' },
      { field: 'email', code: 'invalid_email', message: 'email must be string' },
      { field: 'name', code: 'too_long', message: 'name must NOT have more than 8 characters' },
      { field: 'roles.1', code: 'invalid_role', message: 'roles.1 must be string' },
    ]);
    expect(addUser({ email: 'zoe@acme.test' })).toEqual([{ field: 'name', code: 'required', message: "name must have required property 'name'" }]);
    expect(addUser('text')).toEqual([expect.objectContaining({ field: 'body', code: 'invalid_value' })]);
  });

  it('asks for a required body, and lets an optional one be absent', () => {
    expect(addUser(null)).toEqual([{ field: 'body', code: 'required', message: 'A request body is required' }]);
    expect(validators.request(operation('deleteUser'), 'body')(undefined)).toEqual([]);
  });

  it('coerces query and path text to the declared types and checks their formats', () => {
    const query: Record<string, unknown> = { limit: '10' };
    expect(validators.request(operation('getUsers'), 'querystring')(query)).toEqual([]);
    expect(query).toEqual({ limit: 10 });
    expect(validators.request(operation('getUsers'), 'querystring')({ limit: 'many' })).toEqual([expect.objectContaining({ field: 'limit', code: 'invalid_value' })]);
    expect(validators.request(operation('deleteUser'), 'params')({ userId: 'not-a-uuid' })).toEqual([expect.objectContaining({ field: 'userId', code: 'invalid_value' })]);
    expect(validators.request(operation('deleteUser'), 'params')({})).toEqual([expect.objectContaining({ field: 'userId', code: 'required' })]);
  });
});

describe('response validators', () => {
  it('passes a declared answer and says what differs in another', () => {
    const addUser = operation('addUser');
    expect(validators.response(addUser, 201, { id: '1', email: 'zoe@acme.test' })).toEqual([]);
    expect(validators.response(addUser, 201, { id: 1, email: 'zoe@acme.test' })).toEqual(['/id must be string {"type":"string"}']);
    // A status class (4XX) covers its statuses.
    expect(validators.response(addUser, 404, { code: 'not_found' }, 'application/problem+json')).toEqual([]);
  });

  it('names an undeclared status, media type or body', () => {
    expect(validators.response(operation('getUsers'), 418, {})).toEqual(['getUsers declares no response 418']);
    expect(validators.response(operation('getUsers'), 200, 'a,b', 'text/csv')).toEqual(['getUsers 200 declares application/json, not text/csv']);
    expect(validators.response(operation('deleteUser'), 204, undefined)).toEqual([]);
    expect(validators.response(operation('deleteUser'), 204, { deleted: true })).toEqual(['deleteUser 204 declares no body, got one']);
  });
});

describe('the shared schema', () => {
  it('holds every component schema with its refs pointing into itself', () => {
    const shared = sharedSchema(spec) as { $id: string; $defs: Record<string, { properties?: Record<string, unknown> }> };
    expect(shared.$id).toBe(sharedSchemaId);
    expect(Object.keys(shared.$defs)).toEqual(['Email', 'AddUserRequest', 'User']);
    expect(shared.$defs.User?.properties?.email).toEqual({ $ref: `${sharedSchemaId}#/$defs/Email` });
  });
});
