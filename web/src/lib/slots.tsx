/**
 * Places where one feature shows another's piece without importing it (a feature never imports another feature):
 * the installer's screens leave a slot, the app shell fills it (app/feature-slots.tsx). An empty slot renders
 * nothing, so a feature works, and is tested, on its own.
 */
import { type ComponentType, createContext, type ReactNode, Suspense, useContext } from 'react';

/** Each slot's props. */
export interface SlotProps {
  /** Under the installer's search heading: offline's prefetch button. */
  searchTools: object;
  /** In the work order home's button list, before Upload a Photo: offline's Download item (an `<li>`). */
  workOrderDownload: { workOrderId: number };
  /** On the service location view: the assets' Add Asset panel. */
  addAsset: { WOId: number };
}

export type FeatureSlots = { [K in keyof SlotProps]?: ComponentType<SlotProps[K]> };

const SlotsContext = createContext<FeatureSlots>({});

export function SlotsProvider({ slots, children }: { slots: FeatureSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

/**
 * Renders the slot's component (lazily loaded ones included) with these props, or nothing. `fallback` shows while a
 * lazy one loads: a placeholder of its size keeps what follows from moving when it arrives (layout shift).
 */
export function Slot<K extends keyof SlotProps>({
  name,
  fallback = null,
  ...props
}: { name: K; fallback?: ReactNode } & SlotProps[K]) {
  const Component = useContext(SlotsContext)[name] as ComponentType<object> | undefined;
  if (!Component) return null;
  return (
    <Suspense fallback={fallback}>
      <Component {...props} />
    </Suspense>
  );
}
