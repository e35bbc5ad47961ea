import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ModuleLoadError } from '@/components/errors/ModuleLoadError';
import { loadNamespaces, type OnDemandNamespace } from '@/i18n';

/**
 * A route whose screen downloads on demand, together with the catalogue namespaces it needs.
 * When the download fails (offline, a new deploy removed the old chunk) the route shows
 * 'Failed to load module: {name}' instead of crashing.
 */
export function lazyScreen(
  name: string,
  load: () => Promise<{ default: ComponentType }>,
  namespaces: readonly OnDemandNamespace[] = [],
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      try {
        const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
        return { Component: module.default };
      } catch (error) {
        console.error(`Failed to load module: ${name}`, error);
        return { Component: () => <ModuleLoadError name={name} /> };
      }
    },
  };
}
