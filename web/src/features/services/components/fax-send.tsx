import {
  FAX_COVER_NOTE_MAX,
  FAX_PAGE_TYPES,
  FAX_PAGE_TYPES_LABEL,
  FAX_SEND_MAX_FILE_BYTES,
  FAX_SEND_MAX_FILES,
  FAX_SEND_MAX_TOTAL_BYTES,
  FAX_TOO_LARGE_MESSAGE,
  type FaxNumber,
  formatPhone,
  SendFaxFieldsSchema,
} from '@strand/domain';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format';
import { popup } from '../../../lib/popup-store';
import { Button } from '../../../lib/ui/button';
import { Field } from '../../../lib/ui/field';
import { Form } from '../../../lib/ui/form';
import { SelectField, TextAreaField } from '../../../lib/ui/parts';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useSendFax } from '../api/customer-services';

interface Values {
  faxNumberId: string;
  to: string;
  coverPage: boolean;
  coverNote: string;
}

/** What the browser can tell about the chosen files before sending (the server checks their content again). */
export function filesProblem(files: readonly File[]): string | null {
  if (files.length === 0) return `Choose at least one ${FAX_PAGE_TYPES_LABEL} file to fax.`;
  if (files.length > FAX_SEND_MAX_FILES) return `A fax can carry at most ${FAX_SEND_MAX_FILES} files.`;
  const wrong = files.find((f) => !(FAX_PAGE_TYPES as readonly string[]).includes(f.type));
  if (wrong) return `${wrong.name} is not a PDF or an image: a fax can carry ${FAX_PAGE_TYPES_LABEL} files.`;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (files.some((f) => f.size > FAX_SEND_MAX_FILE_BYTES) || total > FAX_SEND_MAX_TOTAL_BYTES) {
    return FAX_TOO_LARGE_MESSAGE;
  }
  return null;
}

/** Send a fax: to a fax number, an optional cover page with a note, PDF or image pages. It goes to the queue. */
export function SendFaxForm({ numbers }: { numbers: readonly FaxNumber[] }) {
  const form = useForm<Values>({
    faxNumberId: String(numbers[0]?.FaxNumberID ?? ''),
    to: '',
    coverPage: true,
    coverNote: '',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [inputKey, setInputKey] = useState(0);
  // One Idempotency-Key per fax being written: a retry after a lost answer is the same fax.
  const key = useRef(newIdempotencyKey());
  const send = useSendFax();
  const { values, errors } = form;

  const onSubmit = form.submit(
    SendFaxFieldsSchema,
    async (fields) => {
      const sent = await send.mutateAsync({
        faxNumberId: Number(values.faxNumberId),
        to: fields.to,
        coverPage: fields.coverPage,
        coverNote: fields.coverNote,
        files,
        idempotencyKey: key.current,
      });
      popup.show(`Fax to ${formatPhone(sent.toNumber)} queued (${sent.pages} ${sent.pages === 1 ? 'page' : 'pages'})`);
      key.current = newIdempotencyKey();
      form.setValues((v) => ({ ...v, to: '', coverNote: '' }));
      setFiles([]);
      setInputKey((k) => k + 1);
    },
    {
      check: (v) => ({ to: v.to, coverPage: String(v.coverPage), coverNote: v.coverPage ? v.coverNote : '' }),
      rules: (): Record<string, string> => {
        const problem = filesProblem(files);
        return problem ? { files: problem } : {};
      },
      // The server names each file by its field (file_1, …): shown on the one file picker.
      mapErrors: (e) => {
        const fileMessage = Object.entries(e.fields).find(([k]) => /^file_\d+$/.test(k))?.[1];
        return fileMessage ? { ...e, fields: { ...e.fields, files: fileMessage } } : e;
      },
    },
  );

  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <Form className="card form-card" onSubmit={onSubmit} aria-label="Send a fax" message={errors.message}>
      <h3>Send a fax</h3>
      {numbers.length > 1 && (
        <SelectField
          label="From"
          value={values.faxNumberId}
          onValueChange={form.set('faxNumberId')}
          options={numbers.map((n) => ({ value: String(n.FaxNumberID), label: formatPhone(n.number) }))}
        />
      )}
      {numbers.length === 1 && numbers[0] && <p className="muted">From {formatPhone(numbers[0].number)}</p>}
      <TextField
        label="To fax number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
        hint="10 digits, like (573) 555-0123"
        {...form.field('to')}
      />
      <div className="field field--check">
        <input
          id="fax-cover-page"
          type="checkbox"
          checked={values.coverPage}
          onChange={(event) => form.set('coverPage')(event.target.checked)}
        />
        <label htmlFor="fax-cover-page">Add a cover page</label>
      </div>
      {values.coverPage && (
        <TextAreaField
          label="Note on the cover page (optional)"
          rows={3}
          maxLength={FAX_COVER_NOTE_MAX}
          hint={`At most ${FAX_COVER_NOTE_MAX} characters.`}
          {...form.field('coverNote')}
        />
      )}
      <Field
        label="Pages to send"
        hint={`${FAX_PAGE_TYPES_LABEL} files, at most ${FAX_SEND_MAX_FILES}: ${formatBytes(FAX_SEND_MAX_FILE_BYTES)} each, ${formatBytes(FAX_SEND_MAX_TOTAL_BYTES)} and 50 pages a fax.`}
        error={errors.fields.files}
      >
        {(control) => (
          <input
            key={inputKey}
            {...control}
            type="file"
            multiple
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            onChange={(event) => {
              setFiles([...(event.target.files ?? [])]);
              form.setErrors((e) => {
                const { files: _gone, ...fields } = e.fields;
                return { ...e, fields };
              });
            }}
          />
        )}
      </Field>
      {files.length > 0 && (
        <p className="muted" data-testid="fax-files-chosen">
          {files.length} {files.length === 1 ? 'file' : 'files'}, {formatBytes(total)}
        </p>
      )}
      <div className="actions">
        <Button type="submit" busy={send.isPending} busyText="Sending…">
          Send fax
        </Button>
      </div>
    </Form>
  );
}
