/**
 * The photo outbox (SPEC §4 "Offline photos", better than an in-memory queue): every photo is first written to a
 * durable store with its own idempotency key, then sent. A reload, a crash or a lost connection loses nothing: the
 * outbox is replayed when the browser comes back online and whenever the app starts. The server stores a photo once
 * per key, so a retry after a lost answer (or a second tab sending the same item) never doubles it.
 * Framework-free: the store and the transport are injected, so the logic is tested with in-memory adapters.
 */

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

/** A queued JSON write (issue 27's sync centre): a checklist save or an asset action made without a connection. */
export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  body: unknown;
  /** What the sync centre calls it, e.g. 'Checklist save'. */
  label: string;
}

export interface OutboxItem {
  /** Also the Idempotency-Key the server stores the photo under. */
  id: string;
  userId: number;
  workOrderId: number;
  fileName: string;
  description: string;
  /** The photo itself; dropped once the server has it. */
  blob: Blob | null;
  sizeBytes: number;
  createdAt: string;
  /** Queued while offline: its arrival is announced with SPEC §4's message. */
  queuedOffline: boolean;
  state: OutboxState;
  attempts: number;
  /** Why the last attempt did not succeed (the server's message or the status text). */
  error: string | null;
  /** Set for a queued JSON write instead of a photo (then blob stays null and fileName names the write). */
  request?: OutboxRequest;
}

export interface OutboxStore {
  all(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What one attempt to send an item came to. */
export type SendResult =
  | { kind: 'sent' }
  /** Worth trying again later: no connection, a server error, a throttle. */
  | { kind: 'retry'; reason: string }
  /** The server refused the photo itself (not an image, too large): trying again cannot help. */
  | { kind: 'failed'; reason: string };

export type Transport = (item: OutboxItem, onProgress: (loaded: number, total: number) => void) => Promise<SendResult>;

export interface OutboxSnapshot {
  items: readonly OutboxItem[];
  /** Bytes sent of the item being sent, by id (in memory only). */
  progress: Readonly<Record<string, number>>;
}

export interface OutboxOptions {
  store: OutboxStore;
  send: Transport;
  /** The signed-in user's id, or null: items are only sent under the user who took them. */
  currentUserId: () => number | null;
  /** Called when the queue has drained (nothing waiting or sending), with the items that arrived; they are then cleared. */
  onDrained: (sent: OutboxItem[]) => void;
  /** Called whenever an item arrives at the server (the sync centre's last successful sync). */
  onSent?: (item: OutboxItem) => void;
  /** Waits before the next automatic retry after a 'retry' result, by attempt count (ms). */
  retryDelaysMs?: readonly number[];
  schedule?: (fn: () => void, ms: number) => () => void;
}

export interface PhotoOutbox {
  getSnapshot(): OutboxSnapshot;
  subscribe(listener: () => void): () => void;
  /** Reads the durable queue (an item left 'sending' by a closed page is waiting again). */
  load(): Promise<void>;
  add(items: OutboxItem[]): Promise<void>;
  /** Sends every waiting item of the current user, one at a time; concurrent calls share one run. */
  drain(): Promise<void>;
  /** Puts a failed item back in the queue. */
  retry(id: string): Promise<void>;
  discard(id: string): Promise<void>;
}

const DEFAULT_DELAYS = [2_000, 5_000, 15_000, 30_000, 60_000];

export function createPhotoOutbox(options: OutboxOptions): PhotoOutbox {
  const { store, send, currentUserId, onDrained } = options;
  const delays = options.retryDelaysMs ?? DEFAULT_DELAYS;
  const schedule =
    options.schedule ??
    ((fn: () => void, ms: number) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    });
  let snapshot: OutboxSnapshot = { items: [], progress: {} };
  const listeners = new Set<() => void>();
  let running: Promise<void> | null = null;
  let again = false;
  let cancelRetry: (() => void) | null = null;

  const emit = (next: Partial<OutboxSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  const byAge = (items: OutboxItem[]) => [...items].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const save = async (item: OutboxItem) => {
    await store.put(item);
    const others = snapshot.items.filter((i) => i.id !== item.id);
    emit({ items: byAge([...others, item]) });
  };

  const finishIfDrained = async () => {
    const pending = snapshot.items.some((i) => i.state === 'waiting' || i.state === 'sending');
    const sent = snapshot.items.filter((i) => i.state === 'sent');
    if (pending || sent.length === 0) return;
    for (const item of sent) await store.remove(item.id);
    emit({ items: snapshot.items.filter((i) => i.state !== 'sent'), progress: {} });
    onDrained(sent);
  };

  const runOnce = async () => {
    const userId = currentUserId();
    if (userId === null) return;
    let retryAfter: number | null = null;
    for (const queued of snapshot.items) {
      const item = snapshot.items.find((i) => i.id === queued.id);
      if (item?.state !== 'waiting' || item.userId !== userId || (!item.blob && !item.request)) continue;
      await save({ ...item, state: 'sending' });
      let result: SendResult;
      try {
        result = await send(item, (loaded) => emit({ progress: { ...snapshot.progress, [item.id]: loaded } }));
      } catch (err) {
        result = { kind: 'retry', reason: err instanceof Error ? err.message : 'Could not send the photo.' };
      }
      const attempts = item.attempts + 1;
      if (result.kind === 'sent') {
        await save({ ...item, state: 'sent', blob: null, attempts, error: null });
        options.onSent?.(item);
      } else if (result.kind === 'failed') {
        await save({ ...item, state: 'failed', attempts, error: result.reason });
      } else {
        await save({ ...item, state: 'waiting', attempts, error: result.reason });
        // The connection (or the server) is down: the rest would fail the same way, so wait and retry later.
        retryAfter = delays[Math.min(attempts, delays.length) - 1] ?? 60_000;
        break;
      }
    }
    if (retryAfter !== null) {
      cancelRetry?.();
      cancelRetry = schedule(() => {
        cancelRetry = null;
        void outbox.drain();
      }, retryAfter);
    }
    await finishIfDrained();
  };

  const outbox: PhotoOutbox = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      const items = await store.all();
      const fixed: OutboxItem[] = [];
      for (const item of items) {
        if (item.state === 'sending') {
          const reset = { ...item, state: 'waiting' as const };
          await store.put(reset);
          fixed.push(reset);
        } else fixed.push(item);
      }
      emit({ items: byAge(fixed) });
    },
    async add(items) {
      for (const item of items) await store.put(item);
      emit({ items: byAge([...snapshot.items.filter((i) => !items.some((n) => n.id === i.id)), ...items]) });
    },
    drain() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await runOnce();
          } while (again);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    async retry(id) {
      const item = snapshot.items.find((i) => i.id === id);
      if (item?.state !== 'failed') return;
      await save({ ...item, state: 'waiting', error: null });
      await outbox.drain();
    },
    async discard(id) {
      const item = snapshot.items.find((i) => i.id === id);
      if (!item || item.state === 'sending') return;
      await store.remove(id);
      emit({ items: snapshot.items.filter((i) => i.id !== id) });
      await finishIfDrained();
    },
  };
  return outbox;
}

/** In-memory store: for tests, and the fallback when the browser has no IndexedDB. */
export function memoryOutboxStore(initial: OutboxItem[] = []): OutboxStore & { items: Map<string, OutboxItem> } {
  const items = new Map(initial.map((i) => [i.id, i]));
  return {
    items,
    all: async () => [...items.values()],
    put: async (item) => {
      items.set(item.id, item);
    },
    remove: async (id) => {
      items.delete(id);
    },
  };
}
