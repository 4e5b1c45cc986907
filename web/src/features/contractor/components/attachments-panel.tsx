import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage, newIdempotencyKey } from '../../../lib/api-client';
import { Button } from '../../../lib/ui/button';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Skeleton } from '../../../lib/ui/skeleton';
import { useDownload } from '../../../lib/use-download';
import { downloadAttachment, useAttachments, useUploadAttachments } from '../api/files';
import { formatBytes, formatDateTime } from '../format';
import { uploadProblem } from '../upload-limits';

export interface AttachmentsPanelProps {
  workOrderId: number;
}

/** The work order's attachments (viewAttachment) and the upload form. */
export function AttachmentsPanel({ workOrderId }: AttachmentsPanelProps) {
  const list = useAttachments(workOrderId);
  const upload = useUploadAttachments(workOrderId);
  const [files, setFiles] = useState<File[]>([]);
  const [fileName, setFileName] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), name: useId(), description: useId() };

  const download = useDownload();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const invalid = files.length === 0 ? 'Choose at least one file to upload.' : uploadProblem(files);
    setProblem(invalid);
    if (invalid) return;
    // One key per submission: pressing Upload again after a lost answer cannot store the files twice.
    key.current ??= newIdempotencyKey();
    upload.mutate(
      { files, fileName, fileDescription: description, key: key.current },
      {
        onSuccess: (result) => {
          key.current = null;
          setFiles([]);
          setFileName('');
          setDescription('');
          if (fileInput.current) fileInput.current.value = '';
          setDone(`Uploaded ${result.attachments.map((a) => a.vcFileName).join(', ')}.`);
        },
      },
    );
  };

  return (
    <section className="attachments" aria-labelledby={`attachments-${workOrderId}`}>
      <h3 id={`attachments-${workOrderId}`}>Attachments</h3>
      {list.isPending && <Skeleton label="Loading…" />}
      {list.isError && <p role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.length === 0 && <EmptyState>No attachments available</EmptyState>}
      {list.data && list.data.length > 0 && (
        <ul className="attachment-list">
          {list.data.map((a) => (
            <li key={a.nCount}>
              <Button
                variant="tertiary"
                busy={download.isBusy(String(a.nCount))}
                disabled={download.busy}
                onClick={() => download.run(() => downloadAttachment(workOrderId, a), String(a.nCount))}
              >
                {a.vcFileName}
              </Button>
              <span className="muted">
                {formatBytes(a.nSizeBytes)} · {formatDateTime(a.dtCreated)}
                {a.vcDescription ? ` · ${a.vcDescription}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={download.error} />

      <Form className="upload-form" onSubmit={submit}>
        <h4>Upload files</h4>
        <div className={`field${problem ? ' field--invalid' : ''}`}>
          <label htmlFor={ids.file}>Photos or PDFs</label>
          <p className="field__hint" id={`${ids.file}-hint`}>
            Up to 10 MB a file and 20 MB in all.
          </p>
          <input
            ref={fileInput}
            id={ids.file}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
            aria-describedby={`${ids.file}-hint`}
            onChange={(e) => {
              const chosen = Array.from(e.target.files ?? []);
              setFiles(chosen);
              key.current = null;
              setProblem(chosen.length > 0 ? uploadProblem(chosen) : null);
            }}
          />
        </div>
        <div className="field-row">
          <div className="field">
            <label htmlFor={ids.name}>File name</label>
            <input id={ids.name} value={fileName} maxLength={100} onChange={(e) => setFileName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={ids.description}>File description</label>
            <input
              id={ids.description}
              value={description}
              maxLength={500}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
        </div>
        <FormAlert message={problem ?? (upload.isError ? errorMessage(upload.error) : null)} />
        <FormAlert message={done} tone="success" />
        <Button type="submit" busy={upload.isPending} busyText="Uploading…">
          Upload
        </Button>
      </Form>
    </section>
  );
}
