/**
 * The base map under every map (issue 27): the tile source the server configures (MAP_TILE_URL, OpenStreetMap's
 * standard tiles by default), drawn through the server's tile proxy (the CSP allows only the portal's own origin),
 * with the source's credit line. Offline it draws no tiles and says "Base map not available offline" in plain words
 * instead of leaving a grey canvas; tiles that fail online say so too. Render inside a react-leaflet MapContainer.
 */
import { useMemo, useState } from 'react';
import { AttributionControl, TileLayer } from 'react-leaflet';
import { useMapToken } from './map-token';
import { useOnline } from './use-online';
import '../styles/offline.css';

export const BASE_MAP_OFFLINE = 'Base map not available offline';
export const BASE_MAP_FAILED = 'The base map could not be loaded.';

/** Leaflet writes the credit line as HTML: the configured text is shown as text. */
const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type TileCount = { url: string | null; loaded: boolean; failed: boolean };

export function BaseMap() {
  const token = useMapToken();
  const online = useOnline();
  const url = token.data?.tileUrl ?? null;
  const attribution = token.data?.tileAttribution ?? null;
  // Counted per tile source (a new token brings a new address): whether any tile loaded, whether any failed.
  const [tiles, setTiles] = useState<TileCount>({ url: null, loaded: false, failed: false });
  const handlers = useMemo(() => {
    const mark = (what: 'loaded' | 'failed') => () =>
      setTiles((t) => {
        const base = t.url === url ? t : { url, loaded: false, failed: false };
        return base[what] ? base : { ...base, [what]: true };
      });
    return { tileload: mark('loaded'), tileerror: mark('failed') };
  }, [url]);
  const failed = tiles.url === url && tiles.failed && !tiles.loaded;

  // Offline with a tile source (or none known yet: the token could not be asked for) there is no base map.
  const configured = url !== null || (!token.data && !online);
  let state: string | null = null;
  if (configured && !online) state = BASE_MAP_OFFLINE;
  else if (configured && failed) state = BASE_MAP_FAILED;
  return (
    <>
      {url && online && (
        <TileLayer
          url={url}
          maxZoom={21}
          maxNativeZoom={19}
          eventHandlers={handlers}
          {...(attribution ? { attribution: htmlText(attribution) } : {})}
        />
      )}
      {attribution && online && <AttributionControl position="bottomright" prefix={false} />}
      {state && (
        <p className="base-map-state" role="status">
          {state}
        </p>
      )}
    </>
  );
}
