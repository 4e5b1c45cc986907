export { useOnline } from '../../../lib/use-online';

/** SPEC §2: Sales Order, ArcGIS MAP and Directions warn with this text when offline. */
export const OFFLINE_WARNING = 'Limited Functionality While Offline';
