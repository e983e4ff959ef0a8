// Request validation (and, in tests, response validation) against the contract's own schemas with
// the validators of @portal/contract/validate. Its field errors (`code` the failing property's
// `x-error-code`, else `required`, `too_long` or `invalid_value`) become the server's 400
// `validation_failed` problem, in the shape Fastify's validator compiler expects.
import {
  createSpecValidators as contractValidators,
  sharedSchema as contractSharedSchema,
  type JsonSchema,
  type OpenApiDocument,
  type SpecValidators as ContractValidators,
} from '@portal/contract/validate';
import { loadSpec } from './openapi.ts';
import { ProblemError } from './problem.ts';

export { sharedSchemaId, toFieldErrors, toSharedRefs } from '@portal/contract/validate';

export type RequestValidator = (data: unknown) => true | { error: ProblemError };

export type SpecValidators = Omit<ContractValidators, 'request'> & {
  /** A Fastify validator for one request part of an operation (body, querystring or params). */
  request: (...args: Parameters<ContractValidators['request']>) => RequestValidator;
};

/** The contract's component schemas as one schema, for Ajv and the serialiser. */
export const sharedSchema = (spec: OpenApiDocument = loadSpec()): JsonSchema => contractSharedSchema(spec);

export function createSpecValidators(spec: OpenApiDocument = loadSpec()): SpecValidators {
  const validators = contractValidators(spec);
  return {
    ...validators,
    request: (operation, part, mediaType) => {
      const validate = validators.request(operation, part, mediaType);
      return (data) => {
        const errors = validate(data);
        return errors.length === 0 ? true : { error: new ProblemError(400, 'validation_failed', { errors }) };
      };
    },
  };
}
