/**
 * Gona's mark and wordmark as data URLs: the app's shell draws them on its first screen, and as
 * files (public/brand/*.svg, which the favicon, mails and PNG fallbacks keep using) they were two or
 * three requests of their own on a cheap phone's first load. The markup is the files', kept equal by
 * marks.test.ts.
 */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <title>Gona</title>
  <rect width="64" height="64" rx="14" fill="#15803d"/>
  <path d="M12 46c10-4 30-4 40 0" fill="none" stroke="#bbf7d0" stroke-width="4" stroke-linecap="round"/>
  <path d="M32 44V26" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
  <path d="M32 30c-2-9-9-13-17-12 1 9 8 13 17 12z" fill="#fff"/>
  <path d="M32 26c2-9 9-13 17-12-1 9-8 13-17 12z" fill="#fff"/>
</svg>
`;

export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 108 32" width="108" height="32">
  <title>Gona</title>
  <rect width="32" height="32" rx="7" fill="#15803d"/>
  <path d="M6 23c5-2 15-2 20 0" fill="none" stroke="#bbf7d0" stroke-width="2" stroke-linecap="round"/>
  <path d="M16 22v-9" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/>
  <path d="M16 15c-1-4.5-4.5-6.5-8.5-6 .5 4.5 4 6.5 8.5 6z" fill="#fff"/>
  <path d="M16 13c1-4.5 4.5-6.5 8.5-6-.5 4.5-4 6.5-8.5 6z" fill="#fff"/>
  <text x="40" y="24" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="24" font-weight="700" letter-spacing="-0.5" fill="#1c1917">gona</text>
</svg>
`;

const dataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

export const ICON_URL = dataUrl(ICON_SVG);
export const LOGO_URL = dataUrl(LOGO_SVG);
