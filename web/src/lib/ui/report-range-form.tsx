/**
 * The one range form of the portal's reports (the business report, the wholesale report, the staff reports): From
 * and To (months or days), checked by the report's query schema and its range rules (the domain's resolve function,
 * the same the server applies) before the range is applied; the server's field messages show on the same fields.
 */
import type { z } from 'zod';
import { formErrorsFrom, NO_ERRORS } from '../form-errors';
import { useForm } from '../use-form';
import { Button } from './button';
import { Form } from './form';
import { FormAlert } from './form-alert';
import { TextField } from './text-field';

export interface ReportRange {
  from?: string | undefined;
  to?: string | undefined;
}
export type ResolvedRange =
  | { ok: true; from: string; to: string }
  | { ok: false; fields: Record<string, string>; message: string };

export interface ReportRangeFormProps {
  /** The form's accessible name, e.g. "Business report months". */
  label: string;
  /** Months ("From month", type month) or days ("From", type date). */
  unit: 'month' | 'day';
  schema: z.ZodType<ReportRange>;
  /** The domain's range rules against today (resolveMonthRange, resolveStaffRange…). */
  resolve(range: ReportRange): ResolvedRange;
  applied: ReportRange;
  onApply(range: { from: string; to: string }): void;
  /** The report's load error: its field messages (a 400 naming from or to) show on the fields. */
  error?: unknown;
}

export function ReportRangeForm({ label, unit, schema, resolve, applied, onApply, error }: ReportRangeFormProps) {
  const form = useForm({ from: applied.from ?? '', to: applied.to ?? '' });
  const blankless = (v: { from: string; to: string }) => ({ from: v.from || undefined, to: v.to || undefined });
  const submit = form.submit(
    schema,
    async (query) => {
      const range = resolve(query);
      if (range.ok) onApply({ from: range.from, to: range.to });
    },
    {
      check: blankless,
      // The range rules (order, length) need parsed values; the schema's own messages come first.
      rules: (v, schemaErrors) => {
        if (Object.keys(schemaErrors).length > 0) return {};
        const range = resolve(blankless(v));
        return range.ok ? {} : range.fields;
      },
    },
  );
  const serverErrors = error ? formErrorsFrom(error) : NO_ERRORS;
  const fieldError = (name: 'from' | 'to') => form.errors.fields[name] ?? serverErrors.fields[name];
  const month = unit === 'month';
  return (
    <Form className="card form-card report-filter" onSubmit={submit} aria-label={label}>
      <div className="report-filter__fields">
        <TextField
          label={month ? 'From month' : 'From'}
          type={month ? 'month' : 'date'}
          placeholder={month ? '2025-01' : undefined}
          {...form.field('from')}
          error={fieldError('from')}
        />
        <TextField
          label={month ? 'To month' : 'To'}
          type={month ? 'month' : 'date'}
          placeholder={month ? '2025-12' : undefined}
          {...form.field('to')}
          error={fieldError('to')}
        />
      </div>
      <FormAlert message={form.errors.message} />
      <div className="actions">
        <Button type="submit">Show report</Button>
      </div>
    </Form>
  );
}
