/** The install day and window choices of a checkout (public and staff), from the server's free capacity. */
import type { InstallWindows } from '@strand/domain';

export function installDayOptions(days: InstallWindows['days']) {
  return [
    { value: '', label: 'Choose a day' },
    ...days.map((d) => ({
      value: d.date,
      label: `${new Date(`${d.date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })}${d.windows.every((w) => w.free === 0) ? ' (full)' : ''}`,
    })),
  ];
}

export function installWindowOptions(day: InstallWindows['days'][number] | null) {
  return [
    { value: '', label: 'Choose a window' },
    ...(day?.windows ?? [])
      .filter((w) => w.free > 0)
      .map((w) => ({ value: w.window, label: `${w.window.replace('-', ' to ')} (${w.free} open)` })),
  ];
}
