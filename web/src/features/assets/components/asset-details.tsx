import type { Asset } from '@strand/domain';

/** SPEC §2 asset page: description, information, make, model, status, warranty, serial, MAC, ports and slots. */
export function AssetDetails({ asset }: { asset: Asset }) {
  const rows: [string, string | number | null][] = [
    ['Asset ID', asset.vcAssetID],
    ['Description', asset.vcAssetDescription],
    ['Information', asset.vcInformation],
    ['Make', asset.vcEquipmentMaker],
    ['Model', asset.vcModel],
    ['Status', asset.vcStatus],
    ['Warranty', asset.vcWarranty],
    ['Serial number', asset.vcSerialNumber],
    ['MAC address', asset.vcMACAddress],
    ['Ports', asset.nPorts],
    ['Slots', asset.nSlots],
  ];
  return (
    <div className="card asset-card">
      <dl className="asset-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="asset-field">
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
      {asset.ports.length > 0 && (
        <p className="muted asset-ports">
          {asset.ports.map((p) => `${p.vcPortLabel} (slot ${p.nSlot}, port ${p.nPort})`).join(' · ')}
        </p>
      )}
    </div>
  );
}
