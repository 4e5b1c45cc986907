/**
 * Lazy route modules (React Router `lazy`). A failed load — usually a chunk that a new deployment replaced — reloads
 * the page once (SPEC §4); a sessionStorage flag stops a reload loop, and the error then reaches the error page.
 */
import type { ComponentType } from 'react';
import { sessionStorageStore } from './browser-session';
import { STORAGE_KEYS } from './storage';

export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  exportName: keyof M & string,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const module = await load();
      sessionStorageStore.removeItem(STORAGE_KEYS.chunkReload);
      return { Component: module[exportName] as ComponentType };
    } catch (error) {
      if (sessionStorageStore.getItem(STORAGE_KEYS.chunkReload) === null) {
        sessionStorageStore.setItem(STORAGE_KEYS.chunkReload, String(Date.now()));
        window.location.reload();
        // Keep the navigation pending until the page goes away.
        return new Promise<never>(() => {});
      }
      throw error;
    }
  };
}
