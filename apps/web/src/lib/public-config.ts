import type { PublicConfig } from '@gona/shared/public-config';

declare const __GONA_PUBLIC__: PublicConfig;

/** Public, non-secret configuration baked in at build time (vite `define`). */
export const publicConfig: PublicConfig = __GONA_PUBLIC__;
