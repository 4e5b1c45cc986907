/** The one React root of the page (#root), shared by the sign-in first paint (login-app.tsx) and the app (app.tsx). */
import { createRoot, type Root } from 'react-dom/client';

let root: Root | undefined;

export function appRoot(): Root {
  if (root) return root;
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  root = createRoot(container);
  return root;
}
