/** The public navigation (spec section 2). Blog is external; its address comes from configuration. */
export const NAV_LINKS = [
  { key: 'home', href: '/' },
  { key: 'about', href: '/about' },
  { key: 'blog', href: null },
  { key: 'pricing', href: '/pricing' },
  { key: 'contact', href: '/contact' },
] as const;

/** Spec: a link is highlighted when the current path starts with its path; Home matches only exactly. */
export function isActivePath(currentPath: string, href: string): boolean {
  return href === '/' ? currentPath === '/' : currentPath.startsWith(href);
}
