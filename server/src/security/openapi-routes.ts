/** The routes of the app's OpenAPI document (/api/docs/json), with the JSON Schemas of their inputs. */
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './json-schema-arbitrary.js';

export interface ApiRoute {
  /** `METHOD /api/path/{param}`, the matrix's key. */
  key: string;
  method: string;
  path: string;
  params: Record<string, JsonSchema>;
  query: Record<string, { schema: JsonSchema; required: boolean }>;
  body: JsonSchema | undefined;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json: ${res.statusCode}`);
  const doc = res.json<{ paths: Record<string, Record<string, Operation>> }>();
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(operations)) {
      const params: ApiRoute['params'] = {};
      const query: ApiRoute['query'] = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') params[p.name] = p.schema;
        if (p.in === 'query') query[p.name] = { schema: p.schema, required: p.required === true };
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      const upper = method.toUpperCase();
      routes.push({ key: `${upper} ${path}`, method: upper, path, params, query, body });
    }
  }
  return routes;
}

/** The URL of `path` with its parameters filled in (each encoded as one path segment). */
export function urlOf(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(textOf(params[name])));
}

/** A generated value as URL text: objects (even without a prototype) as JSON. */
export function textOf(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}
