/**
 * PostgreSQL ends one of two transactions that wait on each other (40P01, deadlock) or cannot be serialized (40001),
 * e.g. an install locking its work order and then the order while a cancel holds the order and cancels the work
 * orders. The loser was rolled back whole, so it is run again (up to `attempts` times, after a short random pause).
 * `run` must be one transaction and nothing outside it.
 */
export async function againOnConflict<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 40));
    }
  }
}
