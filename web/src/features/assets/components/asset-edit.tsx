import { type AssetEditData, AssetEditRequestSchema } from '@strand/domain';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../../lib/ui/button';
import { Form } from '../../../lib/ui/form';
import { SelectField } from '../../../lib/ui/parts';
import { Skeleton } from '../../../lib/ui/skeleton';
import { TextField } from '../../../lib/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { useAssetEditData, useEditAsset } from '../api/asset-edit';

interface Props {
  assetId: number;
  WOId: number;
}

/**
 * getAssetEditData (SPEC §7): correct the asset's serial number, MAC address, status and description in this work
 * order; every change is kept and listed with who made it and when.
 */
export function AssetEdit({ assetId, WOId }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const data = useAssetEditData(assetId, WOId, open);
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Correct this asset</h2>
      {!open && (
        <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
          Edit serial, MAC, status or description
        </Button>
      )}
      {open && data.isPending && <Skeleton label="Loading the asset’s details…" />}
      {open && data.error && (
        <div className="alert alert--error" role="alert">
          {errorMessage(data.error)}
        </div>
      )}
      {open && data.data && <EditForm data={data.data} WOId={WOId} onClose={() => setOpen(false)} />}
      {open && data.data && <History data={data.data} />}
    </section>
  );
}

function EditForm({ data, WOId, onClose }: { data: AssetEditData; WOId: number; onClose(): void }) {
  const edit = useEditAsset(data.nAssetID, WOId);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm({
    vcSerialNumber: data.vcSerialNumber ?? '',
    vcMACAddress: data.vcMACAddress ?? '',
    vcStatus: data.vcStatus,
    vcAssetDescription: data.vcAssetDescription,
  });
  const onSubmit = form.submit(
    AssetEditRequestSchema,
    async (body) => {
      setSaved(null);
      const before = data.history.length;
      const after = await edit.mutateAsync({
        WOId,
        vcSerialNumber: body.vcSerialNumber ?? '',
        vcMACAddress: body.vcMACAddress ?? '',
        vcStatus: body.vcStatus,
        vcAssetDescription: body.vcAssetDescription,
      });
      const changed = after.history.length - before;
      setSaved(
        changed === 0 ? 'Nothing changed.' : `Saved: ${changed} change${changed === 1 ? '' : 's'} kept in the history.`,
      );
    },
    { check: (v) => ({ ...v, WOId }) },
  );
  return (
    <Form onSubmit={onSubmit} message={form.errors.message} className="card form-card">
      <TextField label="Serial number" {...form.field('vcSerialNumber')} autoComplete="off" />
      <TextField
        label="MAC address"
        hint="Six pairs of hex digits, like 00:02:5D:00:1B:50."
        {...form.field('vcMACAddress')}
        autoComplete="off"
        autoCapitalize="characters"
      />
      <SelectField
        label="Status"
        name="vcStatus"
        value={form.values.vcStatus}
        onValueChange={form.set('vcStatus')}
        error={form.errors.fields.vcStatus}
        options={data.statuses.map((s) => ({ value: s, label: s }))}
      />
      <TextField label="Description" {...form.field('vcAssetDescription')} />
      {saved && (
        <p className="alert alert--success" role="status">
          {saved}
        </p>
      )}
      <div className="actions">
        <Button type="submit" busy={edit.isPending} busyText="Saving…">
          Save changes
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Form>
  );
}

function History({ data }: { data: AssetEditData }) {
  if (data.history.length === 0) return <p className="muted">No changes recorded for this asset yet.</p>;
  return (
    <>
      <h3>History of changes</h3>
      <ul className="asset-history">
        {data.history.map((h) => (
          <li key={h.id}>
            <span className="muted">
              {formatDateTime(h.at)} · {h.by ?? 'Unknown user'}
              {h.WOId !== null ? ` · WO #${h.WOId}` : ''}
            </span>
            <br />
            {h.field}: {h.from ?? '(none)'} → {h.to ?? '(none)'}
          </li>
        ))}
      </ul>
    </>
  );
}
