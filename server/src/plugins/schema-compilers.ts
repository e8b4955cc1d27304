/**
 * The routes' schema compilers, compiling each route's request validator and reply serializer when
 * the route is first used instead of when it is registered. Compiling them all (about a hundred
 * routes: TypeBox validators, and fast-json-stringify serializers with an Ajv instance each) took a
 * quarter of the server's start, paid again by every process started and by every test that builds
 * the app, for routes most processes never serve. A schema is compiled once, on its first request;
 * the schemas themselves are checked by the tests that call every route (server/src/fuzz.test.ts).
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';

/** A compiler that returns at once a function compiling `definition` on its first call. */
function onFirstUse<Definition, Fn extends (...args: never[]) => unknown>(compile: (definition: Definition) => Fn): (definition: Definition) => Fn {
  return (definition) => {
    let compiled: Fn | undefined;
    return ((...args: Parameters<Fn>) => (compiled ??= compile(definition))(...args)) as Fn;
  };
}

/** Request validators (TypeBox), each compiled on the route's first request. */
export const validatorCompiler: typeof TypeBoxValidatorCompiler = onFirstUse(TypeBoxValidatorCompiler);

/** Fastify's own reply serializer factory (fast-json-stringify), each serializer compiled on its first reply. */
export const buildSerializer: ReturnType<typeof SerializerSelector> = (...factoryArgs) => onFirstUse(SerializerSelector()(...factoryArgs));
