import {
  checkZipFile,
  PROGRAMMING_TEST_MAX_BYTES,
  UPLOAD_FAILED_MESSAGE,
  UPLOAD_FAILED_TITLE,
  zipProblemMessage,
} from '@strand/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { clearApplicantSignIn } from '../api/applicant-session';
import { readAsBase64, useApplicantSelf, useSubmitTest } from '../api/programming-test';

interface Chosen {
  file: File;
  /** One key per chosen file: sending it again (a retry) never stores it twice. */
  key: string;
}

const SIGN_IN_AGAIN = 'Your sign-in has ended. Please sign in again to submit your test.';

/** The upload: the browser checks size and type (SPEC §5's messages) before sending; the server checks again. */
export function UploadForm({ onSignedOut }: { onSignedOut(message: string | null): void }) {
  const inputId = useId();
  const self = useApplicantSelf();
  const submit = useSubmitTest();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const signOut = useCallback(
    (message: string | null) => {
      clearApplicantSignIn();
      queryClient.removeQueries({ queryKey: ['applicant'] });
      onSignedOut(message);
    },
    [queryClient, onSignedOut],
  );
  const expired = self.error instanceof ApiError && self.error.status === 401;
  useEffect(() => {
    if (expired) signOut(SIGN_IN_AGAIN);
  }, [expired, signOut]);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFailure(null);
    setChosen(null);
    setFileError(null);
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
    const problem = checkZipFile({ name: file.name, size: file.size, head });
    if (problem) {
      setFileError(zipProblemMessage(problem));
      event.target.value = '';
      return;
    }
    setChosen({ file, key: crypto.randomUUID() });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!chosen || !self.data) {
      setFileError('Choose your .zip file first.');
      return;
    }
    try {
      setReading(true);
      const zip = await readAsBase64(chosen.file).finally(() => setReading(false));
      await submit.mutateAsync({
        body: { username: self.data.username, zip, fileName: chosen.file.name },
        idempotencyKey: chosen.key,
      });
      navigate(paths.programmingTest);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return signOut(SIGN_IN_AGAIN);
      // The server's own zip checks answer with SPEC's two messages.
      if (error instanceof ApiError && (error.status === 413 || (error.status === 400 && error.fields.zip))) {
        setFileError(error.message);
        return;
      }
      setFailure(errorMessage(error));
    }
  };

  const busy = reading || submit.isPending;
  return (
    <section className="card form-card" aria-labelledby="upload-heading">
      <h1 id="upload-heading">Submit your programming test</h1>
      <p className="muted">
        {self.data ? `Hello ${self.data.name}. ` : ''}Choose your solution as one .zip file of at most 1 MB (
        {PROGRAMMING_TEST_MAX_BYTES.toLocaleString('en-US')} bytes).
        {self.data?.submission ? ' Submitting again replaces your earlier file.' : ''}
      </p>
      {failure && (
        <div className="alert alert--error" role="alert">
          <strong>{UPLOAD_FAILED_TITLE}</strong> {UPLOAD_FAILED_MESSAGE}
          {failure !== UPLOAD_FAILED_MESSAGE && <span className="muted"> ({failure})</span>}
        </div>
      )}
      <Form onSubmit={onSubmit}>
        <div className={`field${fileError ? ' field--invalid' : ''}`}>
          <label htmlFor={inputId}>Your .zip file</label>
          <input
            id={inputId}
            type="file"
            accept=".zip,application/zip,application/x-zip-compressed"
            onChange={onPick}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
          />
          {fileError && (
            <p id={`${inputId}-error`} className="field__error" role="alert">
              {fileError}
            </p>
          )}
        </div>
        <div className="actions">
          <Button type="submit" disabled={busy || !self.data} busy={busy} busyText="Submitting…">
            Submit
          </Button>
          <Button type="button" variant="secondary" onClick={() => signOut(null)}>
            Sign out
          </Button>
        </div>
      </Form>
    </section>
  );
}
