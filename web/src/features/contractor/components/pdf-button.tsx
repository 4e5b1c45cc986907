import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button, ButtonAnchor } from '../../../lib/ui/button';
import { workOrderPdfUrl } from '../api/files';

export interface PdfButtonProps {
  workOrderId: number;
}

/** viewPDF: fetches the PDF (with the session) and opens it; a Download link stays for browsers that block popups. */
export function PdfButton({ workOrderId }: PdfButtonProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = url ?? (await workOrderPdfUrl(workOrderId));
      setUrl(next);
      window.open(next, '_blank', 'noopener');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button type="button" variant="secondary" onClick={open} disabled={busy} busy={busy} busyText="Preparing PDF…">
        View PDF
      </Button>
      {url && (
        <ButtonAnchor variant="secondary" href={url} download={`work-order-${workOrderId}.pdf`}>
          Download PDF
        </ButtonAnchor>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
