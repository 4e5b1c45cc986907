/**
 * Notifications (issue 30): `notify` writes an event's notices into the outbox inside the caller's transaction, one
 * row per recipient and channel the recipient wants (security always; marketing only when turned on), under a dedupe
 * key so a retried event never doubles. The delivery job (notifications.jobs.ts) sends them. Here too: the in-app
 * notification center, preferences (own, and a business admin's for the account's users), one-click unsubscribe,
 * and the staff delivery log of a customer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  categoryCanBeTurnedOff,
  channelOnByDefault,
  type DeliveryLog,
  fillTemplate,
  NOTICE_SKIP_REASONS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationEventType,
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
} from '@strand/domain';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { badRequest } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { mailParts } from './notification-templates.js';
import { assertMayManageUser, assertOwnNotification } from './notifications.policy.js';
import * as repo from './notifications.repository.js';

export interface NotificationEvent {
  type: NotificationEventType;
  /** What makes this event itself (e.g. `order:42:placed`): the same key written again adds nothing. */
  key: string;
  /** The account it is about (account audience: its users get it; the staff log lists it under the account). */
  customerId?: string | null;
  /** User audience: these users; field audience: these field users (in-app). */
  userIds?: readonly number[];
  data?: Readonly<Record<string, string>>;
  /** Only these of the event's channels (a security mail its module sends itself at once: the notice in-app only). */
  only?: readonly NotificationChannel[];
}

export interface StoredPayload {
  title: string;
  body: string;
  data: Record<string, string>;
}

type Prefs = Map<string, boolean>;
const prefKey = (id: string, category: string, channel: string) => `${id}|${category}|${channel}`;

function wants(prefs: Prefs, id: string, category: NotificationCategory, channel: NotificationChannel): boolean {
  if (!categoryCanBeTurnedOff(category)) return true;
  return prefs.get(prefKey(id, category, channel)) ?? channelOnByDefault(category);
}

/** Why a user gets no mail of a category: turned off by them, or (off by default) never turned on. */
function unwantedReason(prefs: Prefs, id: string, category: NotificationCategory): string {
  return prefs.get(prefKey(id, category, 'email')) === false
    ? NOTICE_SKIP_REASONS.turnedOff
    : NOTICE_SKIP_REASONS.notOptedIn;
}

/** Per account, why none of its users was mailed (the first user's reason; an account with no user: no address). */
type MailGaps = Map<string, string>;

/**
 * Writes the event's notices into the outbox with `db` — the caller's transaction, so the notices exist exactly when
 * the event does. Answers how many rows were written (0 for a repeat). In-app notices are delivered as written.
 */
export async function notify(db: Queryable, now: Date, event: NotificationEvent): Promise<number> {
  const def = NOTIFICATION_EVENTS[event.type];
  const users =
    def.audience === 'account'
      ? event.customerId
        ? await repo.accountUsers(db, event.customerId)
        : []
      : await repo.usersById(db, event.userIds ?? []);
  return (await writeNotices(db, now, event, users)).length;
}

type AccountEvent = Omit<NotificationEvent, 'customerId' | 'userIds'>;

/** The users of each account who hear of an account event: its administrators when it has any, else all. */
async function usersOfAccounts(db: Queryable, customerIds: readonly string[]) {
  const all = await repo.usersOfAccounts(db, customerIds);
  const byAccount = new Map<string, repo.RecipientUser[]>();
  for (const u of all) byAccount.set(u.customer_id, [...(byAccount.get(u.customer_id) ?? []), u]);
  const users: repo.RecipientUser[] = [];
  for (const list of byAccount.values()) {
    const admins = list.filter((u) => u.is_admin === 1);
    users.push(...(admins.length > 0 ? admins : list));
  }
  return { users, reached: new Set(byAccount.keys()) };
}

/** A mail an event wrote into the outbox: its row, the account and the address (a notice's record names them). */
export interface WrittenMail {
  outboxId: number;
  customerId: string;
  address: string;
}

/**
 * One event told to many accounts at once (a notice to a subscriber list): each account's users (its administrators
 * when it has any), by their preferences, in a few statements for the whole batch. Answers the rows written, the
 * accounts that have users to tell (the others have no one to reach this way) and the mails written.
 */
export async function notifyAccounts(
  db: Queryable,
  now: Date,
  event: AccountEvent,
  customerIds: readonly string[],
): Promise<{ written: number; reached: Set<string>; mails: WrittenMail[]; unmailed: Map<string, string> }> {
  const { users, reached } = await usersOfAccounts(db, customerIds);
  const gaps: MailGaps = new Map();
  const planned = await outboxRows(db, now, event, users, gaps);
  const rows = planned.length === 0 ? [] : await repo.insertOutbox(db, planned);
  const mails = rows
    .filter((r) => r.channel === 'email')
    .map((r) => ({ outboxId: r.id, customerId: r.customer_id ?? '', address: r.address ?? '' }));
  const mailed = new Set(mails.map((m) => m.customerId));
  // Written before (a repeated page): the accounts mailed then are not gaps now.
  for (const r of planned) if (r.channel === 'email' && r.customer_id) mailed.add(r.customer_id);
  const unmailed = new Map<string, string>();
  for (const id of customerIds) {
    if (!mailed.has(id)) unmailed.set(id, gaps.get(id) ?? NOTICE_SKIP_REASONS.noAddress);
  }
  return { written: rows.length, reached, mails, unmailed };
}

/**
 * The mails an account event would write now, rendered, without writing anything (a notice's preview: who gets it
 * by e-mail under today's preferences, and what they read).
 */
export async function plannedMails(ctx: AppContext, event: AccountEvent, customerIds: readonly string[]) {
  const { users } = await usersOfAccounts(ctx.db, customerIds);
  const rows = await outboxRows(ctx.db, ctx.now(), event, users);
  return rows
    .filter((r) => r.channel === 'email')
    .map((r) => {
      const url = unsubscribeUrl(ctx, r);
      const parts = mailParts(readPayload(r.payload), {
        providerName: ctx.config.shell.providerName,
        category: r.category as NotificationCategory,
        unsubscribeUrl: r.category === 'security' ? null : url,
        portalUrl: ctx.config.publicUrl,
      });
      return { customerId: r.customer_id ?? '', to: r.address ?? '', subject: parts.subject, text: parts.text };
    });
}

/** Where some outbox rows stand (a notice's record follows its mails here). */
export async function deliveryStates(db: Queryable, outboxIds: readonly number[]) {
  return (await repo.outboxStates(db, outboxIds)).map((r) => ({
    outboxId: r.id,
    state: r.state,
    attempts: r.attempts,
    sentAt: r.sent_at,
    lastError: r.last_error,
  }));
}

async function writeNotices(
  db: Queryable,
  now: Date,
  event: AccountEvent & { customerId?: string | null },
  users: repo.RecipientUser[],
) {
  const rows = await outboxRows(db, now, event, users);
  return rows.length === 0 ? [] : repo.insertOutbox(db, rows);
}

/** The outbox rows of an event for these users: one per user and channel the user wants and has an address for. */
async function outboxRows(
  db: Queryable,
  now: Date,
  event: AccountEvent & { customerId?: string | null },
  users: repo.RecipientUser[],
  gaps?: MailGaps,
): Promise<repo.NewOutboxRow[]> {
  const def = NOTIFICATION_EVENTS[event.type];
  const data = { ...(event.data ?? {}) };
  const payload: StoredPayload = { title: fillTemplate(def.title, data), body: fillTemplate(def.body, data), data };
  const kind = def.audience === 'field' ? 'employee' : 'user';
  if (users.length === 0) return [];
  const ids = users.map((u) => String(u.id));
  const prefs: Prefs = new Map(
    (await repo.preferencesOf(db, kind, ids)).map((p) => [
      prefKey(p.recipient_id, p.category, p.channel),
      p.enabled === 1,
    ]),
  );
  const phones = def.channels.includes('sms' as never)
    ? await repo.accountPhones(
        db,
        users.map((u) => u.customer_id),
      )
    : [];
  const at = now.toISOString();
  const rows: repo.NewOutboxRow[] = [];
  for (const user of users) {
    const id = String(user.id);
    for (const channel of def.channels as readonly NotificationChannel[]) {
      if (event.only && !event.only.includes(channel)) continue;
      const gap = (reason: string) => {
        if (channel === 'email' && gaps && !gaps.has(user.customer_id)) gaps.set(user.customer_id, reason);
      };
      if (!wants(prefs, id, def.category, channel)) {
        gap(unwantedReason(prefs, id, def.category));
        continue;
      }
      let address: string | null = null;
      if (channel === 'email') address = user.email || null;
      if (channel === 'sms') {
        const own = phones.filter((p) => p.customer_id === user.customer_id);
        address = (own.find((p) => p.email === user.email) ?? own[0])?.phone ?? null;
      }
      if (channel !== 'in_app' && !address) {
        gap(NOTICE_SKIP_REASONS.noAddress);
        continue;
      }
      const inApp = channel === 'in_app';
      rows.push({
        event_type: event.type,
        category: def.category,
        recipient_kind: kind,
        recipient_id: id,
        customer_id: def.audience === 'field' ? null : (event.customerId ?? user.customer_id),
        channel,
        address,
        dedupe_key: `${event.type}|${event.key}|${kind}:${id}|${channel}`,
        payload: JSON.stringify(payload),
        state: inApp ? 'delivered' : 'queued',
        next_attempt_at: inApp ? null : at,
        sent_at: inApp ? at : null,
        created_at: at,
        updated_at: at,
      });
    }
  }
  return rows;
}

export const readPayload = (json: string): StoredPayload => JSON.parse(json) as StoredPayload;

// ——— the notification center ———

export async function listNotifications(ctx: AppContext, viewer: Viewer, limit: number): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    repo.inbox(ctx.db, viewer.userId, limit),
    repo.unreadCount(ctx.db, viewer.userId),
  ]);
  return {
    unread,
    items: rows.map((r) => {
      const p = readPayload(r.payload);
      return {
        id: r.id,
        eventType: r.event_type,
        category: r.category as NotificationCategory,
        title: p.title,
        body: p.body,
        createdAt: r.created_at,
        read: r.read_at !== null,
        data: p.data ?? {},
      };
    }),
  };
}

export async function markRead(ctx: AppContext, viewer: Viewer, id: number | null): Promise<{ unread: number }> {
  if (id !== null) assertOwnNotification(await repo.inAppOwner(ctx.db, id), viewer.userId);
  await repo.markRead(ctx.db, viewer.userId, id, ctx.now().toISOString());
  return { unread: await repo.unreadCount(ctx.db, viewer.userId) };
}

// ——— preferences ———

/** Field and staff users get their notices as 'employee'; a super-user session acts for the customer's user. */
const recipientKindOf = (viewer: Viewer) =>
  !viewer.superUser && (viewer.employeeId !== null || viewer.contractorId > 0) ? 'employee' : 'user';

async function preferencesFor(db: Queryable, kind: string, id: string): Promise<NotificationPreferences> {
  const stored = new Map(
    (await repo.preferencesOf(db, kind, [id])).map((p) => [`${p.category}|${p.channel}`, p.enabled === 1]),
  );
  const quiet = await repo.quietHoursOf(db, kind, id);
  return {
    preferences: NOTIFICATION_CATEGORIES.flatMap((category) =>
      NOTIFICATION_CHANNELS.map((channel) => {
        const locked = !categoryCanBeTurnedOff(category);
        return {
          category,
          channel,
          enabled: locked || (stored.get(`${category}|${channel}`) ?? channelOnByDefault(category)),
          locked,
        };
      }),
    ),
    quietHours: quiet ? { starts: quiet.starts, ends: quiet.ends } : null,
  };
}

async function savePreferences(
  ctx: AppContext,
  kind: string,
  id: string,
  update: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  const fields: Record<string, string> = {};
  update.preferences.forEach((p, i) => {
    if (!categoryCanBeTurnedOff(p.category) && !p.enabled) {
      fields[`preferences.${i}.enabled`] = 'Security notices cannot be turned off.';
    }
  });
  if (update.quietHours && update.quietHours.starts === update.quietHours.ends) {
    fields['quietHours.ends'] = 'Quiet hours must end at another time than they start.';
  }
  if (Object.keys(fields).length > 0) throw badRequest('Some preferences cannot be saved.', fields);
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    for (const p of update.preferences) {
      await repo.setPreference(trx, {
        recipient_kind: kind,
        recipient_id: id,
        category: p.category,
        channel: p.channel,
        enabled: p.enabled ? 1 : 0,
        now,
      });
    }
    if (update.quietHours !== undefined) await repo.setQuietHours(trx, kind, id, update.quietHours, now);
  });
  return preferencesFor(ctx.db, kind, id);
}

export const ownPreferences = (ctx: AppContext, viewer: Viewer) =>
  preferencesFor(ctx.db, recipientKindOf(viewer), String(viewer.userId));

export const saveOwnPreferences = (ctx: AppContext, viewer: Viewer, update: NotificationPreferencesUpdate) =>
  savePreferences(ctx, recipientKindOf(viewer), String(viewer.userId), update);

async function assertManages(ctx: AppContext, viewer: Viewer, userId: number) {
  const [admin, target] = await Promise.all([repo.userRow(ctx.db, viewer.userId), repo.userRow(ctx.db, userId)]);
  assertMayManageUser(viewer, admin, target);
}

export async function userPreferences(ctx: AppContext, viewer: Viewer, userId: number) {
  await assertManages(ctx, viewer, userId);
  return preferencesFor(ctx.db, 'user', String(userId));
}

export async function saveUserPreferences(
  ctx: AppContext,
  viewer: Viewer,
  userId: number,
  update: NotificationPreferencesUpdate,
) {
  await assertManages(ctx, viewer, userId);
  return savePreferences(ctx, 'user', String(userId), update);
}

// ——— one-click unsubscribe (RFC 8058) ———

const signature = (secret: string, subject: string) =>
  createHmac('sha256', secret).update(`unsubscribe|${subject}`).digest('base64url');

/** The link in a mail: stops e-mail of the category for the recipient, signed so nobody can stop someone else's. */
export function unsubscribeUrl(
  ctx: AppContext,
  row: { recipient_kind: string; recipient_id: string; category: string },
) {
  const subject = `${row.recipient_kind}:${row.recipient_id}:${row.category}`;
  const params = new URLSearchParams({ s: subject, t: signature(ctx.config.jwtSecret, subject) });
  return `${ctx.config.publicUrl.replace(/\/$/, '')}/api/notifications/unsubscribe?${params}`;
}

/** Honours an unsubscribe at once: the preference is off and queued mail of the category is not sent. */
export async function unsubscribe(
  ctx: AppContext,
  subject: string,
  token: string,
): Promise<{ category: string } | null> {
  const match = /^(user|employee):(\d+):(\w+)$/.exec(subject);
  if (!match) return null;
  const [, kind = '', id = '', category = ''] = match;
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
  if (!categoryCanBeTurnedOff(category as NotificationCategory)) return null;
  const expected = Buffer.from(signature(ctx.config.jwtSecret, subject));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setPreference(trx, {
      recipient_kind: kind,
      recipient_id: id,
      category,
      channel: 'email',
      enabled: 0,
      now,
    });
    await repo.cancelQueued(trx, { kind, id, category, channel: 'email' }, now);
  });
  return { category };
}

// ——— the staff delivery log ———

export async function deliveryLog(ctx: AppContext, customerId: string): Promise<DeliveryLog | null> {
  if (!(await repo.customerExists(ctx.db, customerId))) return null;
  const { rows, tries } = await repo.deliveryLog(ctx.db, customerId, 200);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      eventType: r.event_type,
      title: readPayload(r.payload).title,
      channel: r.channel as NotificationChannel,
      to: r.address,
      state: r.state as DeliveryLog['entries'][number]['state'],
      attempts: r.attempts,
      lastError: r.last_error,
      createdAt: r.created_at,
      sentAt: r.sent_at,
      tries: tries.filter((t) => t.outbox_id === r.id).map(({ at, outcome, detail }) => ({ at, outcome, detail })),
    })),
  };
}
