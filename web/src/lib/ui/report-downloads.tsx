/**
 * The one pair of report download buttons (CSV and PDF) of the portal's reports. A click shows at once (the same
 * render, well within 100 ms) that the file is being made and disables both buttons; then either that it was
 * downloaded or, in the alert region, why it could not be — one state at a time, never a success beside an error.
 */
import { useState } from 'react';
import { errorMessage } from '../api-client';
import { Button } from './button';
import { FormAlert } from './form-alert';

type Kind = 'CSV' | 'PDF';
type State = { step: 'idle' } | { step: 'busy' | 'done'; kind: Kind } | { step: 'failed'; kind: Kind; message: string };

export interface ReportDownloadsProps {
  /** "report" gives "Download report (CSV)"; without it, "Download CSV". */
  name?: string;
  csv(): Promise<void>;
  pdf(): Promise<void>;
}

export function ReportDownloads({ name, csv, pdf }: ReportDownloadsProps) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const run = (kind: Kind, download: () => Promise<void>) => {
    setState({ step: 'busy', kind });
    download().then(
      () => setState({ step: 'done', kind }),
      (e: unknown) => setState({ step: 'failed', kind, message: `The ${kind} could not be made: ${errorMessage(e)}` }),
    );
  };
  const busy = state.step === 'busy';
  const label = (kind: Kind) => (name ? `Download ${name} (${kind})` : `Download ${kind}`);
  return (
    <div className="report-downloads">
      <div className="actions">
        {(['CSV', 'PDF'] as const).map((kind) => (
          <Button
            key={kind}
            type="button"
            variant="secondary"
            busy={busy && state.kind === kind}
            disabled={busy}
            onClick={() => run(kind, kind === 'CSV' ? csv : pdf)}
          >
            {label(kind)}
          </Button>
        ))}
      </div>
      <p className="muted report-downloads__status" role="status">
        {state.step === 'busy' && `Preparing the ${state.kind}…`}
        {state.step === 'done' && `The ${state.kind} is downloaded.`}
      </p>
      {state.step === 'failed' && <FormAlert message={state.message} />}
    </div>
  );
}
