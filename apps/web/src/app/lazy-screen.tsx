import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ModuleLoadError } from '@/components/errors/ModuleLoadError';

/**
 * A route whose screen downloads on demand. When the download fails (offline, a new deploy
 * removed the old chunk) the route shows 'Failed to load module: {name}' instead of crashing.
 */
export function lazyScreen(name: string, load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      try {
        const module = await load();
        return { Component: module.default };
      } catch (error) {
        console.error(`Failed to load module: ${name}`, error);
        return { Component: () => <ModuleLoadError name={name} /> };
      }
    },
  };
}
