/** Step 5: the contractors' calendar and restoration tickets (with notes and an image) for both companies. */
import type { NewRow } from '../db/database.js';
import type { SeedContext } from './context.js';
import type { ContractorSite } from './contractor-work.js';
import { RESTORATION_IMAGES } from './demo-files.js';
import { offsetFeet } from './locations.js';

export async function seedCalendar(ctx: SeedContext, sites: readonly ContractorSite[]): Promise<void> {
  const c = ctx.clock;
  const jobs: NewRow<'calendar_events'>[] = sites.map((s) => {
    const start = c.at(s.day, 14);
    return {
      contractor_id: s.companyId,
      work_order_id: s.id,
      title: `WO ${s.id}: ${s.type} - ${s.address.address}`,
      starts_at: start,
      ends_at: new Date(Date.parse(start) + 3 * 3_600_000).toISOString(),
    };
  });
  const meetings: NewRow<'calendar_events'>[] = [1, 2].flatMap((companyId) =>
    [-7, 0, 7, 14].map((day) => ({
      contractor_id: companyId,
      work_order_id: null,
      title: companyId === 1 ? 'Crew safety briefing' : 'Prairie Fiber weekly tailgate meeting',
      starts_at: c.at(day, 12, 30),
      ends_at: c.at(day, 13, 15),
    })),
  );
  const locates: NewRow<'calendar_events'> = {
    contractor_id: 2,
    work_order_id: null,
    title: 'Review Missouri One Call locate tickets',
    starts_at: c.at(2, 20),
    ends_at: c.at(2, 21),
  };
  await ctx.insert('calendar_events', [...jobs, ...meetings, locates]);
}

interface TicketSpec {
  companyId: number;
  workOrderType: string;
  status: 'Open' | 'In Progress' | 'Complete';
  description: string;
  day: number;
  notes: [string, string][];
}

/** Eight tickets, one image each (RESTORATION_IMAGES): five for company 2, three for company 1. */
const TICKETS: TicketSpec[] = [
  ticket(
    2,
    'Consumer Drop Construction',
    'Open',
    'Sunken trench along the drop path, about 40 ft; needs topsoil and seed.',
    -5,
    [
      ['Carla Cruz', 'Topsoil ordered; will seed after the rain this week.'],
      ['Homeowner call', 'Customer asks that the sprinkler head by the driveway be checked.'],
    ],
  ),
  ticket(
    2,
    'Bury Temp Drop',
    'In Progress',
    'Temporary drop across the driveway must be buried; orange cone left on site.',
    -3,
    [
      ['Frankie Ford', 'Bore scheduled; locates requested.'],
      ['Carla Cruz', 'Locates clear as of this morning.'],
    ],
  ),
  ticket(2, 'Business Construction', 'Open', 'Asphalt patch at the parking lot entrance is cracking.', -9, [
    ['Carla Cruz', 'Paving sub booked for next week.'],
    ['Dispatch', 'Business asks for work after 5 PM.'],
  ]),
  ticket(2, 'Yard Complaint', 'Complete', 'Ruts from the mini-excavator in the side yard.', -20, [
    ['Frankie Ford', 'Ruts filled and raked.'],
    ['Carla Cruz', 'Straw down; customer signed off.'],
  ]),
  ticket(2, 'Bury Hybrid Drop', 'Open', 'Hand hole lid sits 2 in. above grade, mower hazard.', -1, [
    ['Dispatch', 'Reported by the customer with a photo.'],
    ['Carla Cruz', 'Will lower the lid on the next visit.'],
  ]),
  ticket(
    1,
    'Consumer Drop Construction',
    'Open',
    'Flower bed disturbed along the foundation where the drop enters.',
    -4,
    [
      ['Colin Cho', 'Replacement mulch on the truck.'],
      ['Dispatch', 'Customer home after 3 PM.'],
    ],
  ),
  ticket(1, 'Yard Complaint', 'In Progress', 'Seeded area washed out after the storm.', -8, [
    ['Colin Cho', 'Reseeding with erosion blanket.'],
    ['Colin Cho', 'Blanket staked; check back in two weeks.'],
  ]),
  ticket(1, 'Consumer Splicing', 'Complete', 'Sidewalk panel scuffed by the splice trailer.', -15, [
    ['Dispatch', 'City inspector notified.'],
    ['Colin Cho', 'Panel cleaned; inspector satisfied.'],
  ]),
];

function ticket(
  companyId: number,
  workOrderType: string,
  status: TicketSpec['status'],
  description: string,
  day: number,
  notes: [string, string][],
): TicketSpec {
  return { companyId, workOrderType, status, description, day, notes };
}

export async function seedRestorationTickets(ctx: SeedContext, sites: readonly ContractorSite[]): Promise<void> {
  const tickets = TICKETS.map((t, i) => {
    const site = sites.find((s) => s.companyId === t.companyId && s.type === t.workOrderType);
    if (!site) throw new Error(`no ${t.workOrderType} site for company ${t.companyId}`);
    const spot = offsetFeet(site.address.latitude, site.address.longitude, 30, -20);
    return {
      id: ctx.ids.next('restoration_tickets'),
      contractor_id: t.companyId,
      work_order_id: site.id,
      address: `${site.address.address}, ${site.address.city}, MO ${site.address.zip}`,
      description: t.description,
      status: t.status,
      latitude: spot.latitude,
      longitude: spot.longitude,
      image_key: RESTORATION_IMAGES[i]?.storageKey ?? null,
      image_sha256: RESTORATION_IMAGES[i]?.sha256 ?? null,
      // Stamped before the load moment, with room for its notes after it.
      created_at: ctx.clock.notAfter(ctx.clock.at(t.day, 15), 10 * (t.notes.length + 1)),
    };
  });
  await ctx.insert('restoration_tickets', tickets);
  await ctx.insert(
    'restoration_ticket_notes',
    TICKETS.flatMap((t, i) =>
      t.notes.map(([author, body], n) => {
        const ticket = tickets[i];
        // Note n the day after note n-1 at 17:00+n, but before the load moment and after its ticket.
        const at = ctx.clock.notAfter(ctx.clock.at(t.day + n, 17 + n), 10 * (t.notes.length - n));
        return {
          ticket_id: ticket?.id ?? 0,
          author,
          body,
          created_at: ticket && at < ticket.created_at ? ticket.created_at : at,
        };
      }),
    ),
  );
}
