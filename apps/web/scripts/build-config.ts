import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parsePublicEnv, type PublicEnv } from '@gona/shared/public-config';

const REPO_ENV = fileURLToPath(new URL('../../../.env', import.meta.url));

/**
 * What the build bakes into the pages: the public variables the server reads too, from the
 * environment and the repository's .env (the environment wins), checked by the same schema.
 */
export function loadBuildEnv(): PublicEnv {
  if (existsSync(REPO_ENV)) process.loadEnvFile(REPO_ENV);
  return parsePublicEnv(process.env);
}
