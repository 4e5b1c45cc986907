/**
 * The provider details the shell shows (GET /api/config), loaded once per page. The last answer is kept in
 * localStorage so the shell keeps its branding (name, support phone, webmail, footer links) when a reload happens
 * offline: the fetch fails, the kept copy answers.
 */
import { type ShellConfig, ShellConfigSchema } from '@strand/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { type KeyValueStorage, STORAGE_KEYS, safeStorage } from './storage';

const defaultStorage = safeStorage(() => localStorage);

/** The kept copy of the last config answer, or undefined when there is none or it no longer parses. */
export function readKeptShellConfig(storage: KeyValueStorage = defaultStorage): ShellConfig | undefined {
  const raw = storage.getItem(STORAGE_KEYS.shellConfig);
  if (!raw) return undefined;
  try {
    const parsed = ShellConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Fetches the config, keeping the answer; when the fetch fails the kept copy answers (the error when none). */
export async function loadShellConfig(
  fetchConfig: () => Promise<ShellConfig>,
  storage: KeyValueStorage = defaultStorage,
): Promise<ShellConfig> {
  try {
    const config = await fetchConfig();
    storage.setItem(STORAGE_KEYS.shellConfig, JSON.stringify(config));
    return config;
  } catch (error) {
    const kept = readKeptShellConfig(storage);
    if (kept) return kept;
    throw error;
  }
}

/** GET /api/config, kept; the kept copy when it fails. */
export const fetchShellConfig = (signal?: AbortSignal) =>
  loadShellConfig(() => apiRequest('/api/config', { schema: ShellConfigSchema, signal, auth: false }));

export const getShellConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => fetchShellConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Offline, a paused query would never reach the kept copy: the fetch is tried whatever the network says.
    networkMode: 'always',
  });

let keptAtStart: ShellConfig | undefined | null = null;

/** The config; until its answer comes, the kept copy, so the first paint shows the provider's name (no product name). */
export function useShellConfig(): ShellConfig | undefined {
  const data = useQuery(getShellConfigQueryOptions()).data;
  if (data) return data;
  if (keptAtStart === null) keptAtStart = readKeptShellConfig();
  return keptAtStart;
}
