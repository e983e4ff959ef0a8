import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { listOperations } from '../src/kernel/http/openapi.ts';
import { responseSchemas } from '../src/app/routes.ts';
import { createSpecValidators, sharedSchema, sharedSchemaId } from '../src/kernel/http/schema-validation.ts';
import { startTestServer } from './harness.ts';

const validators = createSpecValidators();
const operation = (id: string) => listOperations(validators.spec).find((op) => op.operationId === id)!;

function errorsOf(result: ReturnType<ReturnType<typeof validators.request>>) {
  return result === true ? [] : result.error.errors;
}

describe('request validation from the contract', () => {
  const addUser = validators.request(operation('addUser'), 'body');
  const valid = { email: 'zoe@acme.test', firstName: 'Zoë', lastName: "O'Brien-Łukasz", roles: ['member'], passwordMode: 'generate' };

  it('accepts names in any script (\\p{L}) and fills defaults', () => {
    const body: Record<string, unknown> = { ...valid, firstName: 'محمد' };
    expect(addUser(body)).toBe(true);
    expect(body).toMatchObject({ changePasswordOnSignIn: true, enabled: true });
  });

  it('reports each failing field with the x-error-code of its property', () => {
    const errors = errorsOf(
      addUser({ ...valid, email: 'nope', firstName: '1abc', lastName: '', roles: ['x'.repeat(65)], password: 'weak', passwordMode: 'other' }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', code: 'invalid_email' }),
        expect.objectContaining({ field: 'firstName', code: 'invalid_first_name' }),
        expect.objectContaining({ field: 'lastName', code: 'invalid_last_name' }),
        expect.objectContaining({ field: 'roles.0', code: 'invalid_role' }),
        expect.objectContaining({ field: 'password', code: 'weak_password' }),
        expect.objectContaining({ field: 'passwordMode', code: 'invalid_value' }),
      ]),
    );
  });

  it('falls back to required, too_long and invalid_value', () => {
    const login = validators.request(operation('loginUser'), 'body');
    expect(errorsOf(login({ email: 'a@b.co', password: 'x'.repeat(129) }))).toEqual([expect.objectContaining({ field: 'password', code: 'too_long' })]);
    expect(errorsOf(login({ password: 'x' }))).toEqual([expect.objectContaining({ field: 'email', code: 'required' })]);
    const update = validators.request(operation('updateUser'), 'body');
    expect(errorsOf(update({}))).toEqual([expect.objectContaining({ field: 'body', code: 'invalid_value' })]);
  });

  it('coerces query parameters and checks their formats', () => {
    const query: Record<string, unknown> = { limit: '10' };
    expect(validators.request(operation('getUsers'), 'querystring')(query)).toBe(true);
    expect(query).toEqual({ limit: 10, sort: 'email' });
    expect(errorsOf(validators.request(operation('updateUser'), 'params')({ userId: 'not-a-uuid' }))).toEqual([
      expect.objectContaining({ field: 'userId', code: 'invalid_value' }),
    ]);
  });
});

describe('response serialisation from the contract', () => {
  it('drops fields a handler returns beyond the declared schema', async () => {
    const server = await startTestServer({
      handlers: { getHealth: async () => ({ status: 'ok', version: '1', build: 'b', database: 'pglite', maintenance: false, secret: 'leak' }) },
    });
    try {
      const response = await server.request('system', 'GET', '/health');
      expect(response.body).toEqual({ status: 'ok', version: '1', build: 'b', database: 'pglite', maintenance: false });
    } finally {
      await server.close();
    }
  });
});

describe('response serialisers', () => {
  // The server compiles each one on its first use (src/kernel/http/lazy-serializers.ts): a schema that
  // fast-json-stringify refuses would otherwise show only when that answer is first sent.
  it('compiles for every JSON response of every operation', () => {
    const compile = SerializerSelector()({ [sharedSchemaId]: sharedSchema(validators.spec) });
    let compiled = 0;
    for (const operation of listOperations(validators.spec)) {
      for (const [httpStatus, declared] of Object.entries(responseSchemas(operation))) {
        for (const { schema } of Object.values(declared.content)) {
          expect(() => compile({ schema, method: operation.method, url: operation.routePath, httpStatus }), `${operation.operationId} ${httpStatus}`).not.toThrow();
          compiled += 1;
        }
      }
    }
    expect(compiled).toBeGreaterThan(300);
  });
});
