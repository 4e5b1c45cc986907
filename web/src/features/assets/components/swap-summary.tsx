import type { SwapData } from '@strand/domain';

/** The ONT being replaced, its definition and the packages at the service location. */
export function SwapSummary({ data }: { data: SwapData }) {
  const def = data.equipment_definition;
  return (
    <div className="card">
      <p className="asset-title">
        {data.asset.vcAssetID} · {def.vcEquipmentMaker} {def.vcModel}
      </p>
      <p className="muted">
        {def.vcDescription} · {def.nPorts} ports · {def.nSlots} slot{def.nSlots === 1 ? '' : 's'}
      </p>
      {data.service_locations.length > 0 && (
        <ul className="asset-packages">
          {data.service_locations.map((p) => (
            <li key={p.nCount}>
              {p.PackageName} · {p.LinePrice} · since {p.DateEntered} · {p.vcAddress}, {p.vcCity}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
