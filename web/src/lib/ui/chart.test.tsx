// @vitest-environment happy-dom
import type { ReportChart } from '@strand/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { Chart, chartSummary } from './chart';

const CHART: ReportChart = {
  kind: 'stacked',
  caption: 'Calls per day',
  categoryLabel: 'Day',
  categoryFormat: 'date',
  valueLabel: 'Calls',
  valueFormat: 'count',
  categories: ['2025-03-01', '2025-03-02', '2025-03-03'],
  series: [
    { name: 'Inbound', values: [3, 10, 1] },
    { name: 'Outbound', values: [2, 4, 0] },
  ],
};

describe('the chart', () => {
  it('is a captioned figure whose drawing is one labelled image, with its data as a table for screen readers', async () => {
    const { user } = renderApp(<Chart chart={CHART} />, { claims: {} });
    const figure = screen.getByRole('figure', { name: 'Calls per day' });
    const img = await within(figure).findByRole('img');
    expect(img).toHaveAttribute(
      'aria-label',
      'Calls per day. Stacked bar chart of Inbound, Outbound over 3 day values; highest 14 at Mar 2, 2025.',
    );
    expect(img.querySelectorAll('rect')).toHaveLength(5); // zero values draw nothing
    expect(img.querySelector('rect title')?.textContent).toBe('Mar 1, 2025 · Inbound: 3');
    // The table is there (visually hidden) while the chart shows.
    const table = within(figure).getByRole('table', { name: /Calls per day \(the chart's data\)/ });
    expect(table.closest('.visually-hidden')).not.toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('row', { name: /Mar 2, 2025 10 4/ })).toBeInTheDocument();

    const toggle = within(figure).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(within(figure).queryByRole('img')).toBeNull();
    expect(within(figure).getByRole('table').closest('.visually-hidden')).toBeNull();
    expect(within(figure).getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so instead of drawing when every value is zero', () => {
    renderApp(<Chart chart={{ ...CHART, series: [{ name: 'Inbound', values: [0, 0, 0] }] }} />, { claims: {} });
    expect(screen.getByText('Nothing to draw in this range: every value is zero.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('summarises a bar chart by its highest value', () => {
    expect(chartSummary({ ...CHART, kind: 'bar' })).toBe(
      'Bar chart of Inbound, Outbound over 3 day values; highest 10 at Mar 2, 2025.',
    );
    expect(chartSummary({ ...CHART, categories: [], series: [] })).toBe('Stacked bar chart: no data.');
  });
});
