import { describe, expect, it } from 'vitest';
import { WorkOrderSearchQuerySchema } from './api/work-orders.js';
import {
  byDistanceMiles,
  contactSummary,
  defaultDateRange,
  defaultSearchForm,
  directionsUrl,
  formatMiles,
  hasPlantConfigValues,
  plantFlagText,
  type SearchForm,
  searchFormFromParams,
  searchParamsFromForm,
  showsCircuitStatsButton,
  showsGisObjectButton,
} from './installer-work-orders.js';

const today = new Date(2025, 2, 15, 9, 30); // 15 March 2025, local time

describe('defaultDateRange / defaultSearchForm (SPEC §9)', () => {
  it('runs from 61 days before today to 7 days ahead', () => {
    expect(defaultDateRange(today)).toEqual({ dateFrom: '2025-01-13', dateTo: '2025-03-22' });
  });

  it('opens with Assigned to Me on, Show Pending and the date filter off, 100 ft, due date descending', () => {
    expect(defaultSearchForm(today)).toMatchObject({
      assignedToMe: true,
      showPending: false,
      nearby: false,
      distance: 100,
      dateFilter: false,
      workOrderType: '',
      sortBy: 'dueDate',
      sortOrder: 'desc',
    });
  });
});

describe('searchParamsFromForm (SPEC §5: only filled-in fields, address trimmed)', () => {
  const form = (changes: Partial<SearchForm>): SearchForm => ({ ...defaultSearchForm(today), ...changes });

  it('sends only the two flags for an empty form', () => {
    expect(searchParamsFromForm(form({}), null)).toEqual({ ByAssignment: '1', ShowPendingAssigned: '0' });
  });

  it('sends the filled-in fields, trimmed', () => {
    expect(
      searchParamsFromForm(
        form({
          customerName: ' Reyes ',
          customerId: '1000-2000-0001',
          workOrderId: ' 100001',
          address: '  2208 Clark Ln  ',
          workOrderType: 'Consumer Fiber Install',
          assignedToMe: false,
          showPending: true,
        }),
        null,
      ),
    ).toEqual({
      ByAssignment: '0',
      ShowPendingAssigned: '1',
      CustomerName: 'Reyes',
      CustomerID: '1000-2000-0001',
      WorkOrderID: '100001',
      Address: '2208 Clark Ln',
      WorkOrderType: 'Consumer Fiber Install',
    });
  });

  it('sends Distance and the position only with Nearby on, and the dates only with the date filter on', () => {
    const at = { latitude: 38.965, longitude: -92.297 };
    expect(searchParamsFromForm(form({ distance: 500 }), at)).not.toHaveProperty('Distance');
    expect(searchParamsFromForm(form({ nearby: true, distance: 500 }), at)).toMatchObject({
      Distance: '500',
      Latitude: '38.965',
      Longitude: '-92.297',
    });
    expect(searchParamsFromForm(form({ dateFrom: '2025-01-01' }), null)).not.toHaveProperty('DateFrom');
    expect(searchParamsFromForm(form({ dateFilter: true }), null)).toMatchObject({
      DateFrom: '2025-01-13',
      DateTo: '2025-03-22',
    });
    expect(searchParamsFromForm(form({ sortBy: 'customerName', sortOrder: 'asc' }), null)).toMatchObject({
      SortBy: 'customerName',
      SortOrder: 'asc',
    });
  });

  it('round-trips through the URL form (going back to the same search)', () => {
    const original = form({
      customerName: 'Reyes',
      nearby: true,
      distance: 250,
      dateFilter: true,
      showPending: true,
      sortBy: 'eventTime',
      sortOrder: 'asc',
    });
    const params = searchParamsFromForm(original, { latitude: 38.9, longitude: -92.3 });
    expect(searchFormFromParams(params, today)).toEqual(original);
  });

  it('makes payloads the server accepts', () => {
    const params = searchParamsFromForm(
      form({ nearby: true, dateFilter: true, address: ' Clark ', workOrderId: '100001' }),
      { latitude: 38.965, longitude: -92.297 },
    );
    expect(WorkOrderSearchQuerySchema.safeParse(params).success).toBe(true);
  });
});

describe('contactSummary (SPEC §2)', () => {
  const contact = (name: string, email: string | null, phone: string | null) => ({
    ContactName: name,
    Email: email,
    Phone: phone,
  });
  it('says No Contacts, name - email - phone, or Multiple Contacts', () => {
    expect(contactSummary([])).toBe('No Contacts');
    expect(contactSummary([contact('Dana Diaz', 'dana@x.example', '5735550300')])).toBe(
      'Dana Diaz - dana@x.example - (573)555-0300',
    );
    expect(contactSummary([contact('Nora Nguyen', null, '5735550655')])).toBe('Nora Nguyen - (573)555-0655');
    expect(contactSummary([contact('A', null, null), contact('B', null, null)])).toBe('Multiple Contacts');
  });
});

describe('button rules (SPEC §2)', () => {
  it('shows the GIS Object map with a link, unless the order is fibre splicing with attachments', () => {
    expect(showsGisObjectButton({ viewObjectId: 'GIS-1', vcClass: 'WO_FiberInstall', attachmentCount: 3 })).toBe(true);
    expect(showsGisObjectButton({ viewObjectId: 'GIS-1', vcClass: 'WO_FiberSplicing', attachmentCount: 0 })).toBe(true);
    expect(showsGisObjectButton({ viewObjectId: 'GIS-1', vcClass: 'WO_FiberSplicing', attachmentCount: 2 })).toBe(
      false,
    );
    expect(showsGisObjectButton({ viewObjectId: null, vcClass: 'WO_FiberInstall', attachmentCount: 0 })).toBe(false);
  });

  it('shows Circuit Stats only with circuits', () => {
    expect(showsCircuitStatsButton(0)).toBe(false);
    expect(showsCircuitStatsButton(2)).toBe(true);
  });

  it('hides Physical Plant Configs when every value is null', () => {
    const empty = {
      splitterPort: { vcPortLabel: null, vcAssetDescription: null },
      nIsFiberDropOnly: null,
      vcCabinetLocation: null,
      vcFiberSize: null,
      vcFiberSize2: null,
      nExistingLogicalCircuitID: null,
      nExistingFiberDrop: null,
      vcFiberStrand: null,
      vcFiberStrand2: null,
      nONTNumber: null,
      vcFiberPort: null,
      vcHandHoleAddress: null,
      vcSplitterAssetID: null,
    };
    expect(hasPlantConfigValues(null)).toBe(false);
    expect(hasPlantConfigValues(empty)).toBe(false);
    expect(hasPlantConfigValues({ ...empty, nIsFiberDropOnly: '0' })).toBe(true);
    expect(hasPlantConfigValues({ ...empty, splitterPort: { vcPortLabel: 'P1', vcAssetDescription: null } })).toBe(
      true,
    );
  });

  it('shows plant flags as No and Yes', () => {
    expect(plantFlagText('0')).toBe('No');
    expect(plantFlagText('1')).toBe('Yes');
    expect(plantFlagText(null)).toBe('');
  });
});

describe('central offices and directions (SPEC §9)', () => {
  it('sorts by great-circle miles (radius 3956) and shows 2 decimals', () => {
    const from = { latitude: 38.9652, longitude: -92.2968 };
    const sorted = byDistanceMiles(from, [
      { name: 'far', latitude: 38.5767, longitude: -92.1735 },
      { name: 'near', latitude: 38.9678, longitude: -92.2952 },
    ]);
    expect(sorted.map((p) => p.name)).toEqual(['near', 'far']);
    expect(formatMiles(sorted[0]?.miles ?? 0)).toBe('0.20 mi');
    expect(formatMiles(27.556)).toBe('27.56 mi');
  });

  it('links to external navigation at the service location', () => {
    expect(directionsUrl({ latitude: 38.9652, longitude: -92.2968 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=38.9652,-92.2968',
    );
  });
});
