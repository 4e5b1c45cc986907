/** Reference data of the demo provider: products, equipment, asset actions, checklist look-ups, depots and crews. */

export const HARDWARE_TYPES = { ont: 273, voiceAdapter: 290, router: 301, setTopBox: 310, switch: 320 } as const;

export const NOC_LOCATIONS = [
  { id: 1, name: 'Columbia NOC Warehouse' },
  { id: 2, name: 'Jefferson City Depot' },
  { id: 3, name: 'Fulton Yard' },
];

export const CONTRACTOR_COMPANIES = [
  { id: 1, name: 'Boone Valley Fiber Field Crew' },
  { id: 2, name: 'Prairie Fiber Builders' },
  { id: 3, name: 'Show-Me Directional Boring' },
  { id: 4, name: 'Osage Aerial Services' },
];

/**
 * The products. `area_kinds` says where each is sold online (domain AREA_KINDS: fiber, business_fiber; '' = not
 * sold online); `install_fee_cents` is charged once with the first order.
 */
const RES = 'fiber';
const BIZ = 'business_fiber';
const BOTH = 'fiber,business_fiber';
export const PACKAGES = [
  pkg(1, 'Fiber 300 Mbps Internet', 101, 5_500, 'internet', 9_900, RES, 300, 'Symmetrical 300 Mbps, no data caps'),
  pkg(2, 'Fiber 1 Gig Internet', 102, 7_500, 'internet', 9_900, RES, 1000, 'Symmetrical 1 Gbps, no data caps'),
  pkg(3, 'Fiber 2 Gig Internet', 103, 9_500, 'internet', 9_900, RES, 2000, 'Symmetrical 2 Gbps; needs a 10G ONT'),
  pkg(4, 'Home Phone', 201, 2_500, 'phone', 0, RES, null, 'Unlimited local and long distance calling'),
  pkg(5, 'Streaming TV Basic', 301, 3_000, 'tv', 0, RES, null, '75 live channels on any screen'),
  pkg(6, 'Streaming TV Plus', 302, 6_500, 'tv', 0, RES, null, '150 live channels, cloud DVR'),
  pkg(7, 'Business Fiber 500', 401, 12_900, 'internet', 19_900, BIZ, 500, 'Symmetrical 500 Mbps with a 4-hour SLA'),
  pkg(8, 'Business Fiber 1 Gig', 402, 19_900, 'internet', 19_900, BIZ, 1000, 'Symmetrical 1 Gbps with a 4-hour SLA'),
  pkg(9, 'Hosted PBX Seat', 501, 2_800, 'pbx', 0, BIZ, null, 'One hosted PBX seat with a desk phone'),
  pkg(10, 'Static IP Block /29', 601, 2_500, 'static_ip', 0, BOTH, null, 'Five usable static IPv4 addresses'),
  pkg(11, 'Whole-Home Wi-Fi', 701, 1_000, 'wifi', 0, RES, null, 'Mesh Wi-Fi for every room'),
];

function pkg(
  id: number,
  name: string,
  master_id: number,
  price_cents: number,
  category: string,
  install_fee_cents: number,
  area_kinds: string,
  speed_mbps: number | null,
  description: string,
) {
  return { id, name, master_id, price_cents, category, install_fee_cents, area_kinds, speed_mbps, description };
}

export const PACKAGE_IDS = {
  fiber300: 1,
  fiber1G: 2,
  fiber2G: 3,
  homePhone: 4,
  tvBasic: 5,
  tvPlus: 6,
  business500: 7,
  business1G: 8,
  hostedPbx: 9,
  staticIp: 10,
  wifi: 11,
} as const;

export const EQUIPMENT_DEFINITIONS = [
  {
    id: 1,
    description: 'GigaPoint 803G ONT',
    maker: 'Calix',
    model: '803G',
    hardware_type: HARDWARE_TYPES.ont,
    equipment_type: 'ONT',
    ports: 4,
    slots: 1,
  },
  {
    id: 2,
    description: 'GigaSpire 844G ONT',
    maker: 'Calix',
    model: '844G-1',
    hardware_type: HARDWARE_TYPES.ont,
    equipment_type: 'ONT',
    ports: 6,
    slots: 1,
  },
  {
    id: 3,
    description: 'Wi-Fi 6 Router',
    maker: 'eero',
    model: 'Pro 6',
    hardware_type: HARDWARE_TYPES.router,
    equipment_type: 'Router',
    ports: 2,
    slots: 0,
  },
  {
    id: 4,
    description: 'Analog Telephone Adapter',
    maker: 'Grandstream',
    model: 'HT802',
    hardware_type: HARDWARE_TYPES.voiceAdapter,
    equipment_type: 'ATA',
    ports: 2,
    slots: 0,
  },
  {
    id: 5,
    description: 'Streaming TV Set-Top Box',
    maker: 'Amino',
    model: 'H200',
    hardware_type: HARDWARE_TYPES.setTopBox,
    equipment_type: 'STB',
    ports: 1,
    slots: 0,
  },
  {
    id: 6,
    description: '24-Port Managed Switch',
    maker: 'Adtran',
    model: 'NetVanta 1550-24P',
    hardware_type: HARDWARE_TYPES.switch,
    equipment_type: 'Switch',
    ports: 24,
    slots: 1,
  },
];

export const EQUIPMENT_IDS = { ont803: 1, ont844: 2, router: 3, ata: 4, setTopBox: 5, switch: 6 } as const;

/** Port labels of each definition, port 1 first; every port sits in slot 1. */
const PORT_LABELS: Record<number, string[]> = {
  [EQUIPMENT_IDS.ont803]: ['GE1', 'GE2', 'GE3', 'POTS1'],
  [EQUIPMENT_IDS.ont844]: ['GE1', 'GE2', 'GE3', 'GE4', 'POTS1', 'POTS2'],
  [EQUIPMENT_IDS.router]: ['WAN', 'LAN1'],
  [EQUIPMENT_IDS.ata]: ['PHONE1', 'PHONE2'],
  [EQUIPMENT_IDS.setTopBox]: ['HDMI'],
  [EQUIPMENT_IDS.switch]: Array.from({ length: 24 }, (_, i) => `Gi1/0/${i + 1}`),
};

export function portLabels(definitionId: number): { slot: number; port: number; label: string }[] {
  return (PORT_LABELS[definitionId] ?? []).map((label, i) => ({ slot: 1, port: i + 1, label }));
}

/** Asset actions (SPEC §3 "Asset action"); 6 is hidden from contractors and 39 from everyone (SPEC §6, §9). */
export const APPLICATION_ACTIONS = [
  { id: 1, action: 'Reboot ONT', description: 'Power-cycles the ONT from the OLT.' },
  { id: 2, action: 'Refresh Provisioning', description: 'Pushes the current service profile to the ONT again.' },
  { id: 3, action: 'Reset to Factory Defaults', description: 'Clears local settings and re-provisions the ONT.' },
  { id: 4, action: 'Enable Data Port', description: 'Turns on the data port that serves the subscriber.' },
  { id: 5, action: 'Disable Data Port', description: 'Turns off the data port that serves the subscriber.' },
  { id: 6, action: 'Deprovision ONT', description: 'Removes the ONT from the subscriber account (office use).' },
  { id: 7, action: 'Run Speed Test', description: 'Runs a throughput test from the ONT to the network edge.' },
  { id: 8, action: 'Activate Voice Line', description: 'Registers the POTS port with the voice switch.' },
  { id: 20, action: 'Reboot Router', description: 'Restarts the managed Wi-Fi router.' },
  { id: 21, action: 'Reset Wi-Fi Password', description: 'Sets the Wi-Fi password back to the printed default.' },
  { id: 30, action: 'Reboot Voice Adapter', description: 'Restarts the analog telephone adapter.' },
  { id: 31, action: 'Refresh Channel Lineup', description: 'Reloads the channel lineup on the set-top box.' },
  { id: 39, action: 'Delete ONT from OLT', description: 'Removes the ONT record from the OLT (engineering only).' },
];

export const HARDWARE_TYPE_ACTIONS: { hardware_type: number; action_id: number }[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 39].map((action_id) => ({ hardware_type: HARDWARE_TYPES.ont, action_id })),
  ...[20, 21].map((action_id) => ({ hardware_type: HARDWARE_TYPES.router, action_id })),
  { hardware_type: HARDWARE_TYPES.voiceAdapter, action_id: 30 },
  { hardware_type: HARDWARE_TYPES.setTopBox, action_id: 31 },
];

export const DROP_TYPES = [
  { type: 'Aerial Drop', is_business: 0 },
  { type: 'Buried Drop', is_business: 0 },
  { type: 'Temporary Drop', is_business: 0 },
  { type: 'Hybrid Drop', is_business: 0 },
  { type: 'Conduit Drop', is_business: 0 },
  { type: 'Business Aerial Lateral', is_business: 1 },
  { type: 'Business Underground Lateral', is_business: 1 },
];

export const SPLICE_CASE_TYPES = [
  'FOSC 450 A',
  'FOSC 450 B',
  'FOSC 450 D',
  'Coyote Runt',
  'Coyote Dome',
  'Clearfield FieldSmart FDP',
  'Multi-Service Terminal (MST)',
];

/** Assembly units with the mix of required fields the connectorized form reacts to (SPEC §5). */
export const ASSEMBLY_UNITS = [
  unit('ONT-INST', 'Install ONT and power supply', 1, 0, 0, 0),
  unit('DROP-AER', 'Aerial drop, per foot', 0, 1, 1, 0),
  unit('DROP-UG', 'Underground drop in conduit, per foot', 0, 1, 1, 1),
  unit('MST-8', 'Place 8-port MST terminal', 1, 0, 0, 0),
  unit('HH-1730', 'Place 17x30 hand hole', 0, 0, 0, 0),
  unit('BORE-125', 'Directional bore 1.25 in. duct, per foot', 0, 1, 0, 1),
  unit('SPL-132', 'Install 1x32 splitter', 1, 0, 0, 0),
  unit('CBL-144', 'Place 144-count fiber cable, per foot', 0, 1, 0, 1),
  unit('RESTORE', 'Yard restoration, seed and straw', 0, 0, 0, 0),
  unit('DROP-FEE', 'Additional drop length fee', 0, 0, 1, 0),
];

function unit(code: string, description: string, tag: number, seq: number, fee: number, reel: number) {
  return {
    code,
    description,
    req_asset_tag: tag,
    req_sequential: seq,
    req_additional_drop_fee: fee,
    req_reel_num: reel,
  };
}
