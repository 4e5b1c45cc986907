/** Time helpers: timestamps are stored as UTC ISO-8601 text. */
export const isoAfterSeconds = (seconds: number, now = new Date()) =>
  new Date(now.getTime() + seconds * 1000).toISOString();
export const isoBeforeSeconds = (seconds: number, now = new Date()) => isoAfterSeconds(-seconds, now);
