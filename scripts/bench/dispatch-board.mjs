#!/usr/bin/env node
/**
 * Dispatch board redraw benchmark (issue 29 item 4): 50 crews and 500 jobs in a week; each of 200 moves changes one
 * job's slot and redraws the board — the pure layout (domain layoutBoard: grouping, provider-zone axis, travel
 * estimates) of the moved day, for every row. Prints median and p95 in ms; exits 1 above 100 ms.
 * Run: npx tsx scripts/bench/dispatch-board.mjs
 */
import { layoutBoard } from '../../domain/src/dispatch-board.ts';

const CREWS = 50;
const JOBS = 500;
const MOVES = 200;
const DAYS = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];
const noFlags = {
  doubleBookedWith: [],
  outsideWorkingHours: false,
  beforePredecessor: false,
  predecessorUnscheduled: false,
};
const resources = Array.from({ length: CREWS }, (_, i) =>
  i < 20
    ? { id: `installer:${i + 1}`, kind: 'installer', title: `Installer ${i + 1}` }
    : { id: `contractor:${i + 1}`, kind: 'contractor', title: `Crew ${i + 1}` },
);
let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const slotOf = (resourceId, day, hour) => ({
  resourceId,
  start: new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-06:00`).toISOString(),
  end: new Date(`${day}T${String(hour + 2).padStart(2, '0')}:00:00-06:00`).toISOString(),
  flags: noFlags,
});
const workOrders = Array.from({ length: JOBS }, (_, i) => {
  const r = resources[i % CREWS];
  return {
    id: 100000 + i,
    type: 'Consumer Fiber Install',
    status: 'Assigned',
    customerName: `Customer ${i}`,
    address: `${i} Main St`,
    latitude: 38.9 + rand() * 0.5,
    longitude: -92.5 + rand() * 0.5,
    dueDate: null,
    overdue: false,
    unassigned: false,
    assignedTo: [r.id],
    dependsOn: null,
    slot: slotOf(r.id, DAYS[Math.floor(i / CREWS) % DAYS.length], 8 + 2 * (Math.floor(i / (CREWS * 5)) % 5)),
  };
});

let board = workOrders;
const times = [];
for (let m = 0; m < MOVES; m++) {
  const i = Math.floor(rand() * JOBS);
  const r = resources[Math.floor(rand() * CREWS)];
  const day = DAYS[Math.floor(rand() * DAYS.length)];
  const t0 = performance.now();
  board = board.map((w, k) => (k === i ? { ...w, slot: slotOf(r.id, day, 7 + Math.floor(rand() * 10)) } : w));
  const groups = layoutBoard(day, resources, board);
  times.push(performance.now() - t0);
  if (groups.reduce((n, g) => n + g.rows.length, 0) !== CREWS) throw new Error('a row went missing');
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const p95 = times[Math.floor(times.length * 0.95)];
console.log(
  `dispatch board redraw after a move (${CREWS} crews, ${JOBS} jobs, ${MOVES} moves): median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
);
if (p95 > 100) process.exit(1);
