import { useEffect, useRef, useState } from 'react';
import { FormAlert } from './form-alert';

type PdfJs = typeof import('pdfjs-dist');

let pdfjsLoading: Promise<PdfJs> | null = null;
/** pdf.js and its worker, loaded on the first PDF shown (their own chunk: no other page downloads them). */
function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
  );
  return pdfjsLoading;
}

export interface PdfViewerProps {
  /** A same-origin URL of the PDF, or the file itself (a copy kept on the device for offline use). */
  url: string | Blob;
  /** What the document is, for screen readers ("Work order 100001 PDF"). */
  title: string;
}

/**
 * A PDF drawn page by page onto canvases as wide as the container (pdf.js), so it fits a 360 px phone without
 * sideways scrolling; phone browsers do not show PDFs inside a page at all. Redrawn when the width changes. While
 * loading it says so; when the file cannot be drawn it says why, and the page's Download / Open links still work.
 */
export function PdfViewer({ url, title }: PdfViewerProps) {
  const box = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<{ state: 'loading' | 'ready' | 'error'; pages: number }>({
    state: 'loading',
    pages: 0,
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let drawnWidth = 0;
    let drawing: Promise<void> = Promise.resolve();
    setStatus({ state: 'loading', pages: 0 });
    // A kept file is read as bytes: the CSP's connect-src does not take blob: URLs.
    const loading = loadPdfJs().then(async (pdfjs) =>
      typeof url === 'string'
        ? pdfjs.getDocument({ url }).promise
        : pdfjs.getDocument({ data: new Uint8Array(await url.arrayBuffer()) }).promise,
    );

    const draw = (width: number) => {
      drawing = drawing.then(async () => {
        if (cancelled || width < 1 || Math.abs(width - drawnWidth) < 2) return;
        drawnWidth = width;
        const doc = await loading;
        const ratio = window.devicePixelRatio || 1;
        const canvases: HTMLCanvasElement[] = [];
        for (let n = 1; n <= doc.numPages; n++) {
          const page = await doc.getPage(n);
          const scale = width / page.getViewport({ scale: 1 }).width;
          const viewport = page.getViewport({ scale: scale * ratio });
          const canvas = document.createElement('canvas');
          canvas.className = 'pdf-viewer__page';
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.setAttribute('aria-label', `Page ${n} of ${doc.numPages}`);
          canvas.setAttribute('role', 'img');
          await page.render({ canvas, viewport }).promise;
          if (cancelled) return;
          canvases.push(canvas);
          // The first page shows as soon as it is drawn; the rest follow.
          if (n === 1) {
            el.replaceChildren(canvas);
            setStatus({ state: 'ready', pages: doc.numPages });
          } else el.append(canvas);
        }
      });
      drawing.catch(() => {
        if (!cancelled) setStatus({ state: 'error', pages: 0 });
      });
    };

    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      draw(width);
    });
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
      loading.then((doc) => doc.destroy()).catch(() => {});
    };
  }, [url]);

  return (
    <figure className="pdf-viewer" aria-busy={status.state === 'loading'}>
      <figcaption className="visually-hidden">
        {title}
        {status.pages > 0 ? `, ${status.pages} ${status.pages === 1 ? 'page' : 'pages'}` : ''}
      </figcaption>
      <div aria-live="polite">
        {status.state === 'loading' && <p className="muted pdf-viewer__note">Loading the PDF…</p>}
        {status.state === 'error' && (
          <FormAlert message="The PDF could not be shown here. Use Download or Open in a new tab." />
        )}
      </div>
      <div ref={box} className="pdf-viewer__pages" />
    </figure>
  );
}
