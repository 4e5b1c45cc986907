// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { DateFilter, SearchActions, SortControl } from './search-form-parts';

describe('DateFilter', () => {
  it('enables the dates only with its checkbox, and shows their errors', async () => {
    const onEnabledChange = vi.fn();
    const { user } = renderApp(
      <DateFilter
        label="Filter by date"
        enabled={false}
        from="2025-01-01"
        to="2025-01-31"
        errors={{ to: 'Date To must not be before Date From.' }}
        onEnabledChange={onEnabledChange}
        onFromChange={() => undefined}
        onToChange={() => undefined}
      />,
    );
    expect(screen.getByLabelText('Date From')).toBeDisabled();
    expect(screen.getByText('Date To must not be before Date From.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Filter by date'));
    expect(onEnabledChange).toHaveBeenCalledWith(true);
  });
});

describe('SortControl and SearchActions', () => {
  it('toggles the order of the current sort, and the search button says when it is busy', async () => {
    const onSort = vi.fn();
    const { user } = renderApp(
      <form>
        <SortControl
          value="due"
          options={[
            { value: 'due', label: 'Due date' },
            { value: 'id', label: 'Work order' },
          ]}
          order="desc"
          onSort={onSort}
        />
        <SearchActions busy onClear={() => undefined} />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: /Sort order: ?Descending/ }));
    expect(onSort).toHaveBeenCalledWith('due', 'asc');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'id');
    expect(onSort).toHaveBeenCalledWith('id', 'desc');
    expect(screen.getByRole('button', { name: 'Searching…' })).toBeDisabled();
  });
});
