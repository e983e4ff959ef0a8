// Response serialisers compiled on an operation's first answer of each status, not at start.
// Fastify compiles every route's response schemas when it starts: for the contract's operations
// that was 3.4 s of each start (every server test file starts one or more), while one
// operation's serialiser takes milliseconds the first time it answers.
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

export const buildLazySerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc) => {
      serialize ??= compile(route);
      return serialize(doc);
    };
  };
};
