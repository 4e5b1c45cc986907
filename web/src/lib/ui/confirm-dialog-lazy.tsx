/**
 * ConfirmDialog loaded when it is asked: the dialog library (Radix, about 14 KB gzipped with its shared layers) stays
 * out of a page's first paint when the question is rare (remove a card, delete a saved work order…). The same props
 * and behaviour as ConfirmDialog; the focus goes back to the asking button as there.
 */
import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

const Loaded = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
