/**
 * Contact methods (getContactMethods, addContactSubmit, editContactSubmit) and their links to service locations
 * (linkContactLocations, editContactMethodLocation, getContactMethodLinkObject, editContactMethodLinkType).
 * Every id is checked against the actor's account before anything is read or written.
 */
import {
  type ContactLinkObject,
  type ContactMethod,
  type ContactMethodInputSchema,
  fullAddress,
  LINK_TYPES,
  type LinkContactLocations,
} from '@strand/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/database.js';
import { changesBetween } from '../../lib/audit.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { runIdempotent } from '../../lib/idempotency.js';
import * as accounts from './account.repository.js';
import * as repo from './contacts.repository.js';
import { assertNotSuperUser, assertOwned, type CustomerActor } from './customer-access.policy.js';
import { auditCustomerWrite } from './customer-access.service.js';

type ContactInput = z.output<typeof ContactMethodInputSchema>;

const sameEmail = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** A contact's email receives the registration code and other account mail: a super-user session never sets one. */
const SET_CONTACT_EMAILS = 'set contact email addresses';

/** A contact's fields as its timeline entry names them (before → after of an edit). */
const shownOf = (v: repo.ContactValues) => ({
  Category: v.category,
  Name: v.name,
  Phone: v.phone,
  'Second phone': v.phone2,
  'E-mail': v.email,
});

/** A contact's links as its timeline names them: "Location 12" → its link type (none when not linked). */
const linksShown = (links: readonly { service_location_id: number; link_type: string }[]) =>
  Object.fromEntries(links.map((l) => [`Location ${l.service_location_id}`, l.link_type]));

/** The before → after of a contact's links across a change to them (read in the change's transaction). */
async function linkChangesOf(trx: Queryable, contactId: number, change: () => Promise<unknown>) {
  const before = linksShown(await repo.linksOfContact(trx, contactId));
  await change();
  const after: Record<string, string | null> = linksShown(await repo.linksOfContact(trx, contactId));
  for (const key of Object.keys(before)) if (!(key in after)) after[key] = null;
  return changesBetween(before, after);
}

const valuesOf = (input: ContactInput): repo.ContactValues => ({
  category: input.ContactCategory,
  name: input.ContactName,
  phone: input.Phone,
  phone2: input.Phone2,
  email: input.Email,
});

export async function listContacts(ctx: AppContext, actor: CustomerActor): Promise<ContactMethod[]> {
  const [contacts, links] = await Promise.all([
    repo.contactsOf(ctx.db, actor.customerId),
    repo.linksOfAccount(ctx.db, actor.customerId),
  ]);
  const byContact = new Map<number, ContactMethod['locations']>();
  for (const link of links) {
    const list = byContact.get(link.contact_method_id) ?? [];
    list.push({
      ServiceLocationID: link.service_location_id,
      fullAddress: fullAddress(link),
      linkType: link.link_type,
    });
    byContact.set(link.contact_method_id, list);
  }
  return contacts.map((c) => ({
    ContactMethodID: c.id,
    ContactCategory: c.category,
    ContactName: c.name,
    Phone: c.phone,
    Phone2: c.phone2,
    Email: c.email,
    locations: byContact.get(c.id) ?? [],
  }));
}

async function contactOf(ctx: AppContext, actor: CustomerActor, contactId: number) {
  const contact = await repo.findContact(ctx.db, contactId);
  assertOwned(actor, contact, 'contact');
  return contact;
}

async function oneContact(ctx: AppContext, actor: CustomerActor, contactId: number): Promise<ContactMethod> {
  const found = (await listContacts(ctx, actor)).find((c) => c.ContactMethodID === contactId);
  if (!found) throw notFound('No contact with that id.');
  return found;
}

/** The link type a new contact gets at its locations, by its category. */
const LINK_TYPE_OF: Record<string, (typeof LINK_TYPES)[number]> = {
  Primary: 'Primary',
  Secondary: 'Alternate',
  Billing: 'Billing',
  Technical: 'Technical',
  Emergency: 'Emergency',
};

/**
 * A second Primary contact is asked about (issue 28): without a choice the write is refused (409 naming the
 * category); `replace` makes the other Primary contacts Secondary, `keep` leaves them. Runs in the write's transaction.
 */
async function settlePrimary(trx: Queryable, actor: CustomerActor, input: ContactInput, contactId: number | null) {
  if (input.ContactCategory !== 'Primary') return;
  const others = await repo.otherPrimaryContacts(trx, actor.customerId, contactId);
  if (others.length === 0 || input.ifPrimaryExists === 'keep') return;
  if (input.ifPrimaryExists === 'replace') {
    await repo.makeSecondary(
      trx,
      others.map((o) => o.id),
    );
    return;
  }
  const names = others.map((o) => o.name).join(', ');
  const message = `${names} is already the Primary contact. Choose whether this contact replaces them (they become Secondary) or both stay Primary.`;
  throw conflict(message, { ContactCategory: message });
}

export async function addContact(
  ctx: AppContext,
  actor: CustomerActor,
  input: ContactInput,
  idempotencyKey: string | undefined,
) {
  if (!sameEmail(input.Email, null)) assertNotSuperUser(actor, SET_CONTACT_EMAILS);
  const locationIds = [...new Set(input.serviceLocationIds)];
  await assertOwnLocations(ctx, actor, locationIds);
  const result = await runIdempotent(
    ctx.db,
    { userId: actor.userId, key: idempotencyKey, route: 'addContactSubmit', request: input, now: ctx.now() },
    async (trx) => {
      await settlePrimary(trx, actor, input, null);
      const id = await repo.insertContact(trx, actor.customerId, valuesOf(input));
      const linkType = LINK_TYPE_OF[input.ContactCategory] ?? 'Alternate';
      for (const locationId of locationIds) await repo.upsertLink(trx, id, locationId, linkType);
      await auditCustomerWrite(
        trx,
        actor,
        ctx.now().toISOString(),
        'contact.add',
        id,
        { locations: locationIds },
        changesBetween(null, shownOf(valuesOf(input))),
      );
      return { statusCode: 201, body: { ContactMethodID: id } };
    },
  );
  return { statusCode: result.statusCode, contact: await oneContact(ctx, actor, result.body.ContactMethodID) };
}

export async function editContact(ctx: AppContext, actor: CustomerActor, contactId: number, input: ContactInput) {
  const contact = await contactOf(ctx, actor, contactId);
  if (!sameEmail(input.Email, contact.email)) assertNotSuperUser(actor, SET_CONTACT_EMAILS);
  await ctx.db.transaction().execute(async (trx) => {
    await settlePrimary(trx, actor, input, contactId);
    const values = valuesOf(input);
    await repo.updateContact(trx, contactId, values);
    const changes = changesBetween(shownOf(contact), shownOf(values));
    await auditCustomerWrite(trx, actor, ctx.now().toISOString(), 'contact.edit', contactId, undefined, changes);
  });
  return oneContact(ctx, actor, contactId);
}

export async function deleteContact(ctx: AppContext, actor: CustomerActor, contactId: number) {
  const contact = await contactOf(ctx, actor, contactId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteContact(trx, contactId);
    const shown = shownOf(contact);
    const gone = Object.fromEntries(Object.keys(shown).map((k) => [k, null]));
    const changes = changesBetween(shown, gone);
    await auditCustomerWrite(trx, actor, ctx.now().toISOString(), 'contact.delete', contactId, undefined, changes);
  });
}

export async function linkObject(ctx: AppContext, actor: CustomerActor, contactId: number): Promise<ContactLinkObject> {
  const contact = await contactOf(ctx, actor, contactId);
  const [locations, links] = await Promise.all([
    accounts.serviceLocationsOf(ctx.db, actor.customerId),
    repo.linksOfContact(ctx.db, contactId),
  ]);
  const typeOf = new Map(links.map((l) => [l.service_location_id, l.link_type]));
  return {
    ContactMethodID: contact.id,
    ContactName: contact.name,
    linkTypes: [...LINK_TYPES],
    locations: locations.map((l) => ({
      ServiceLocationID: l.id,
      fullAddress: fullAddress(l),
      linked: typeOf.has(l.id),
      linkType: typeOf.get(l.id) ?? null,
    })),
  };
}

async function assertOwnLocations(ctx: AppContext, actor: CustomerActor, ids: number[]) {
  const owned = await repo.ownedServiceLocationIds(ctx.db, actor.customerId, ids);
  const foreign = ids.find((id) => !owned.has(id));
  if (foreign !== undefined) {
    const exists = await accounts.findServiceLocation(ctx.db, foreign);
    throw exists
      ? forbidden(`Service location ${foreign} belongs to another account.`)
      : notFound(`No service location ${foreign}.`);
  }
}

export async function linkLocations(
  ctx: AppContext,
  actor: CustomerActor,
  contactId: number,
  input: LinkContactLocations,
) {
  await contactOf(ctx, actor, contactId);
  await assertOwnLocations(
    ctx,
    actor,
    input.links.map((l) => l.ServiceLocationID),
  );
  await ctx.db.transaction().execute(async (trx) => {
    const changes = await linkChangesOf(trx, contactId, () =>
      repo.replaceLinks(
        trx,
        contactId,
        input.links.map((l) => ({ serviceLocationId: l.ServiceLocationID, linkType: l.linkType })),
      ),
    );
    await auditCustomerWrite(
      trx,
      actor,
      ctx.now().toISOString(),
      'contact.link',
      contactId,
      { links: input.links },
      changes,
    );
  });
  return oneContact(ctx, actor, contactId);
}

/** editContactMethodLocation: links the contact to one location with a type, or changes the type if linked. */
export async function setLocationLink(
  ctx: AppContext,
  actor: CustomerActor,
  contactId: number,
  serviceLocationId: number,
  linkType: string,
) {
  await contactOf(ctx, actor, contactId);
  await assertOwnLocations(ctx, actor, [serviceLocationId]);
  await ctx.db.transaction().execute(async (trx) => {
    const changes = await linkChangesOf(trx, contactId, () =>
      repo.upsertLink(trx, contactId, serviceLocationId, linkType),
    );
    const detail = { serviceLocationId, linkType };
    await auditCustomerWrite(trx, actor, ctx.now().toISOString(), 'contact.link-location', contactId, detail, changes);
  });
  return oneContact(ctx, actor, contactId);
}

/** editContactMethodLinkType: changes the type of an existing link only. */
export async function changeLinkType(
  ctx: AppContext,
  actor: CustomerActor,
  contactId: number,
  serviceLocationId: number,
  linkType: string,
) {
  await contactOf(ctx, actor, contactId);
  await assertOwnLocations(ctx, actor, [serviceLocationId]);
  await ctx.db.transaction().execute(async (trx) => {
    const changes = await linkChangesOf(trx, contactId, async () => {
      if ((await repo.updateLinkType(trx, contactId, serviceLocationId, linkType)) === 0) {
        throw notFound('This contact is not linked to that service location.');
      }
    });
    const detail = { serviceLocationId, linkType };
    await auditCustomerWrite(trx, actor, ctx.now().toISOString(), 'contact.link-type', contactId, detail, changes);
  });
  return oneContact(ctx, actor, contactId);
}

export async function unlinkLocation(
  ctx: AppContext,
  actor: CustomerActor,
  contactId: number,
  serviceLocationId: number,
) {
  await contactOf(ctx, actor, contactId);
  await assertOwnLocations(ctx, actor, [serviceLocationId]);
  await ctx.db.transaction().execute(async (trx) => {
    const changes = await linkChangesOf(trx, contactId, async () => {
      if ((await repo.deleteLink(trx, contactId, serviceLocationId)) === 0) {
        throw notFound('This contact is not linked to that service location.');
      }
    });
    const detail = { serviceLocationId };
    await auditCustomerWrite(trx, actor, ctx.now().toISOString(), 'contact.unlink', contactId, detail, changes);
  });
  return oneContact(ctx, actor, contactId);
}
