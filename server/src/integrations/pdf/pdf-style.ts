/** What the portal's PDFs share (invoice, business report): the house colours and the date as printed. */

export const PDF_COLORS = { ink: '#1f2933', muted: '#52606d', brand: '#0b4f6c', danger: '#b42318' } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 2025-03-05 (or an ISO timestamp) -> "Mar 5, 2025", without the server's locale or time zone. */
export function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}
