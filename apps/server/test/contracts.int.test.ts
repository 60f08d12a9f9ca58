import {
  apiContracts,
  dataEnvelope,
  multipartSchema,
  noContentSchema,
  type RouteContract,
} from '@healthfolio/core';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

interface Operation {
  parameters?: { in: string; name: string; schema: unknown; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** A JSON schema as the docs show it, after the transform the server's docs use. */
function asDocumented(doc: OpenApi, contract: RouteContract) {
  const { schema } = jsonSchemaTransform({
    schema: {
      params: contract.params,
      querystring: contract.query,
      body: contract.body,
      response: { 200: dataEnvelope(contract.response) },
    },
    url: '/contract',
    openapiObject: { openapi: doc.openapi },
  } as unknown as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: { params?: unknown; querystring?: unknown; body?: unknown; response: Record<string, unknown> };
  };
  return schema;
}

/** `{ type: 'object', properties: {a: …} }` → the names; the docs list a path's or query's as parameters. */
const propertyNames = (schema: unknown) =>
  Object.keys((schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}).sort();

/** A body the route also takes as nothing at all (`.nullish()`, `.optional()`): the schema inside. */
function withoutNull(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable: _nullable, ...rest } = schema as { nullable?: boolean; anyOf?: unknown[] };
  const others = rest.anyOf?.filter((s) => (s as { type?: string }).type !== 'null');
  return others?.length === 1 ? withoutNull(others[0]) : rest;
}

/**
 * The web's typed client trusts apiContracts (packages/core/src/contracts.ts): every route it lists is one the
 * server serves, with the same path parameters and query, the same body and the same answer as the server's
 * own schemas, read from the OpenAPI the server generates from them.
 */
describe('the contracts the web is typed from', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
  });
  afterAll(() => t.close());

  it.each(Object.entries(apiContracts) as [string, RouteContract][])('%s', (route, contract) => {
    const [method, path] = route.split(' ') as [string, string];
    const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    expect(operation, `${route} is not a route of the server`).toBeDefined();
    const expected = asDocumented(doc, contract);

    const parameters = (where: string) =>
      (operation?.parameters ?? [])
        .filter((p) => p.in === where)
        .map((p) => p.name)
        .sort();
    expect(parameters('path'), 'path parameters').toEqual(propertyNames(expected.params));
    expect(parameters('query'), 'query').toEqual(propertyNames(expected.querystring));

    const body = operation?.requestBody?.content['application/json']?.schema;
    // A multipart upload is read field by field by the route, not by a schema the docs could show.
    if (contract.body && contract.body !== multipartSchema) {
      expect(withoutNull(body), 'body').toEqual(withoutNull(expected.body));
    } else if (!contract.body) {
      expect(body, 'a body the contract does not have').toBeUndefined();
    }

    // A 204 has no body; the server may still name it (`204: z.null()`).
    const answers = Object.entries(operation?.responses ?? {}).filter(
      ([status]) => status.startsWith('2') && status !== '204',
    );
    const json = answers.flatMap(([, answer]) => answer.content?.['application/json']?.schema ?? []);
    if (contract.response === noContentSchema) {
      expect(json, 'a 204 answers no envelope').toEqual([]);
    } else {
      expect(json, 'one success answer').toHaveLength(1);
      expect(json[0], 'the answer').toEqual(expected.response['200']);
    }
  });
});
