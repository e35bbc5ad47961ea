import { OpenAPIHono } from '@hono/zod-openapi';
import { fieldErrors } from '@gona/shared';
import type { AppEnv } from './context';
import { errorBody } from './errors';

/** Every feature router starts here, so invalid input always answers VALIDATION 400 with per-field messages. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(errorBody('VALIDATION', undefined, fieldErrors(result.error)), 400);
    },
  });
}

export type Router = ReturnType<typeof createRouter>;
