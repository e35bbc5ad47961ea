/** Public, non-secret configuration baked in at build time (vite `define`). */
export type PublicConfig = {
  support_email: string;
  postal_address: string;
  blog_url: string;
  /** Yearly price of the Pro plan in kobo; 0 when not configured. */
  pro_price_kobo: number;
};

declare const __GONA_PUBLIC__: PublicConfig;

export const publicConfig: PublicConfig = __GONA_PUBLIC__;
