import { OpenAPIHono, z } from '@hono/zod-openapi';
import { ErrorBodySchema } from '@gona/shared';
import type { TypedResponse } from 'hono';
import type { CsvExport } from './csv';
import type { AppEnv } from './http-context';
import { validationResponse } from './http-errors';

/** Every feature router starts here, so invalid input always answers VALIDATION 400 with per-field messages. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return validationResponse(c, result.error);
    },
  });
}

/** A JSON answer in a route's `responses`: `200: jsonContent(FarmSchema, 'The farm')`. */
export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body, spread into a route's `request`: `{ params, ...jsonBody(Schema) }`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

/** The error answers every route may give, spread into its `responses`. */
export const ErrorResponses = {
  400: jsonContent(ErrorBodySchema, 'VALIDATION: some fields need attention (see error.fields)'),
  401: jsonContent(ErrorBodySchema, 'UNAUTHENTICATED: no valid session'),
  403: jsonContent(ErrorBodySchema, 'FORBIDDEN: Insufficient permissions'),
  404: jsonContent(ErrorBodySchema, 'NOT_FOUND: Not found'),
  409: jsonContent(ErrorBodySchema, 'CONFLICT: changed by someone else'),
  500: jsonContent(ErrorBodySchema, 'INTERNAL: An unexpected error occurred'),
} as const;

/** Spread beside ErrorResponses on a route a plan's limit can refuse. */
export const PlanLimitResponse = {
  402: jsonContent(
    ErrorBodySchema,
    "PLAN_LIMIT: the farm's plan does not allow this; upgrade at /dashboard/subscription",
  ),
} as const;

/** The path parameters of a farm route, /farms/{farmId}/…; requireFarm checks the id. */
export const farmParams = z.object({ farmId: z.string() });

/** farmParams and the id of one record on the farm: farmParamsWith('supplyId') for …/supplies/{supplyId}. */
export function farmParamsWith<K extends string>(key: K) {
  return farmParams.extend({ [key]: z.uuid() } as { [P in K]: z.ZodUUID });
}

/** A CSV export (`csvExport`) as a download that is never cached (it holds the farm's records). */
export function csvResponse(file: CsvExport): Response {
  return new Response(file.body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * A 200 JSON answer whose text the database already wrote (a statement that builds the JSON
 * itself), typed as the route's schema: the text is passed on without parsing and re-serialising.
 * The statement's shape is the route's contract; a test compares it with the object form.
 */
export function jsonText<T>(text: string): TypedResponse<T, 200, 'json'> {
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'application/json' },
  }) as unknown as TypedResponse<T, 200, 'json'>;
}
