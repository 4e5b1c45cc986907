import { type Equipment, filterEquipment, visibleEquipment } from '@strand/domain';
import { useId, useState } from 'react';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useDebounced } from '../lib/use-debounced';

interface Props {
  equipment: Equipment[];
  selected: string | null;
  onSelect(vcAssetID: string): void;
}

/**
 * The installer's equipment to choose from (SPEC §6): a case-insensitive any-field search debounced by 1 s, and a
 * list over 10 entries hidden until 'Show all equipments' is on.
 */
export function EquipmentPicker({ equipment, selected, onSelect }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const settled = useDebounced(query);
  const matches = filterEquipment(equipment, settled);
  const { shown, hidden } = visibleEquipment(matches, showAll);
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={`${id}-search`}>Search equipment</label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>
      <div className="field field--check">
        <input id={`${id}-all`} type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />
        <label htmlFor={`${id}-all`}>Show all equipments</label>
      </div>
      {matches.length === 0 && <EmptyState>No available equipments</EmptyState>}
      {hidden && (
        <p className="muted">
          {matches.length} equipments match. Search to narrow the list, or turn on Show all equipments.
        </p>
      )}
      {shown.length > 0 && (
        <fieldset className="equipment-list">
          <legend>Choose the new ONT</legend>
          {shown.map((e) => (
            <label key={e.nAssetID} className="equipment-option">
              <input
                type="radio"
                name={`${id}-equipment`}
                value={e.vcAssetID}
                checked={selected === e.vcAssetID}
                onChange={() => onSelect(e.vcAssetID)}
              />
              <span>
                <strong>{e.vcAssetID}</strong> · {e.vcEquipmentMaker} {e.vcModel} · {e.vcDescription} · {e.nPorts} ports
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
