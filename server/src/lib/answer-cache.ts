/**
 * Answers kept in memory by key, each with what it was made from ("location:12", "work-order:100001"), and dropped
 * the moment one of those changes (`changed`, fed by db/row-changes.ts) or everything may have (`clear`). Bounded:
 * past `max` answers the least recently used one goes.
 *
 * An answer read while a change happens is not kept: `getOrLoad` notes when it started, and keeps what it read only
 * if none of what the answer was made from changed (and nothing was cleared) meanwhile. It still returns it; the
 * caller asked before the change was made.
 */
export interface Loaded<V> {
  value: V;
  /** What the answer was made from; a change to any of them drops it. */
  dependsOn: readonly string[];
}

export class AnswerCache<K, V> {
  readonly #max: number;
  /** Asked before every read: true when anything kept may be stale (then all of it is dropped). */
  readonly #stale: () => boolean;
  readonly #entries = new Map<K, Loaded<V>>();
  readonly #keysByDependency = new Map<string, Set<K>>();
  /** A counter of changes; while loads run, which dependency changed at which count. */
  #tick = 0;
  #loading = 0;
  #clearedAt = 0;
  readonly #changedAt = new Map<string, number>();

  constructor(options: { max: number; stale?: () => boolean }) {
    this.#max = options.max;
    this.#stale = options.stale ?? (() => false);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The answer kept for `key`, or undefined. */
  get(key: K): V | undefined {
    if (this.#stale()) this.clear();
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The answer kept for `key`, or `load`'s, kept unless what it was made from changed while it loaded. */
  async getOrLoad(key: K, load: () => Promise<Loaded<V>>): Promise<V> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const started = this.#tick;
    this.#loading++;
    try {
      const loaded = await load();
      if (this.#stale()) this.clear();
      const changed =
        this.#clearedAt > started || loaded.dependsOn.some((d) => (this.#changedAt.get(d) ?? 0) > started);
      if (!changed) this.#keep(key, loaded);
      return loaded.value;
    } finally {
      if (--this.#loading === 0) this.#changedAt.clear();
    }
  }

  /** Drops every answer made from `dependency`. */
  changed(dependency: string): void {
    this.#tick++;
    if (this.#loading > 0) this.#changedAt.set(dependency, this.#tick);
    const keys = this.#keysByDependency.get(dependency);
    if (keys) for (const key of [...keys]) this.#drop(key);
  }

  /** Drops every answer. */
  clear(): void {
    this.#clearedAt = ++this.#tick;
    this.#entries.clear();
    this.#keysByDependency.clear();
  }

  #keep(key: K, loaded: Loaded<V>): void {
    this.#drop(key);
    this.#entries.set(key, loaded);
    for (const d of loaded.dependsOn) {
      let keys = this.#keysByDependency.get(d);
      if (!keys) {
        keys = new Set();
        this.#keysByDependency.set(d, keys);
      }
      keys.add(key);
    }
    if (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as K;
      this.#drop(oldest);
    }
  }

  #drop(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const d of entry.dependsOn) {
      const keys = this.#keysByDependency.get(d);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByDependency.delete(d);
    }
  }
}
