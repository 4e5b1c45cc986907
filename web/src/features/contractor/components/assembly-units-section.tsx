import {
  ASSEMBLY_INPUT_LABELS,
  type AssemblyUnitInputs,
  assemblyUnitEarnings,
  assemblyUnitInputs,
  type ContractorWorkOrder,
  checkAssemblyUnitEntry,
  formatUsd,
  OPTIONAL_ASSEMBLY_INPUTS,
} from '@strand/domain';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formErrorsFrom } from '../../../lib/form-errors';
import { Button } from '../../../lib/ui/button';
import { LazyConfirmDialog } from '../../../lib/ui/confirm-dialog-lazy';
import { EmptyState } from '../../../lib/ui/empty-state';
import { Form } from '../../../lib/ui/form';
import { FormAlert } from '../../../lib/ui/form-alert';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import {
  useAddAssemblyUnit,
  useAssemblyUnits,
  useContracts,
  useCupSheet,
  useRemoveAssemblyUnit,
} from '../api/checklist';

export interface AssemblyUnitsSectionProps {
  workOrder: ContractorWorkOrder;
  readOnly: boolean;
}

type EntryInput = keyof AssemblyUnitInputs;
const INPUT_ORDER: EntryInput[] = [
  'AssetTags',
  'SerialNumbers',
  'BegSequential',
  'EndSequential',
  'ReelNum',
  'ROWFootage',
];
const EMPTY = {
  unitId: '',
  qty: '1',
  AssetTags: '',
  SerialNumbers: '',
  BegSequential: '',
  EndSequential: '',
  ReelNum: '',
  ROWFootage: '',
};

/**
 * The connectorized form's assembly units (addWorkOrderAssemblyUnit): the inputs a unit requires appear only for it,
 * and the entries are priced with the contract's unit price sheet (getFiberContracts, getCUPSheet).
 */
export function AssemblyUnitsSection({ workOrder: wo, readOnly }: AssemblyUnitsSectionProps) {
  const id = useId();
  const units = useAssemblyUnits(true);
  const contracts = useContracts(true);
  const [chosenContract, setChosenContract] = useState<number | null>(null);
  const active = contracts.data?.find((c) => c.isActive) ?? contracts.data?.[0] ?? null;
  const contractId = chosenContract ?? active?.nContractID ?? null;
  const sheet = useCupSheet(contractId);
  const add = useAddAssemblyUnit(wo.WorkOrderID);
  const remove = useRemoveAssemblyUnit(wo.WorkOrderID);
  const [entry, setEntry] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ nCount: number; code: string } | null>(null);
  const addKey = useIdempotencyKey(entry);

  const unit = units.data?.find((u) => String(u.nCount) === entry.unitId);
  const shown = unit ? assemblyUnitInputs(unit) : null;
  const earnings = assemblyUnitEarnings(wo.assemblyUnits, sheet.data?.prices ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    // One outcome per action: an add clears the last removal's error.
    remove.reset();
    if (!unit) {
      setErrors({ AssemblyUnitID: 'Choose an assembly unit from the list.' });
      return;
    }
    const input = {
      AssemblyUnitID: unit.nCount,
      QtyUnits: entry.qty,
      AssetTags: entry.AssetTags,
      SerialNumbers: entry.SerialNumbers,
      BegSequential: entry.BegSequential,
      EndSequential: entry.EndSequential,
      ReelNum: entry.ReelNum,
      ROWFootage: entry.ROWFootage,
    };
    const check = checkAssemblyUnitEntry(unit, input);
    if (!check.ok) {
      setErrors(check.fields);
      return;
    }
    setErrors({});
    add.mutate(
      { entry: input, key: addKey.get() },
      {
        onSuccess: () => {
          addKey.reset();
          setEntry(EMPTY);
          setMessage(`Added ${unit.vcCode}.`);
        },
        onError: (error) => setErrors(formErrorsFrom(error).fields),
      },
    );
  };

  return (
    <section className="assembly" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Assembly units</h3>
      {contracts.data && contracts.data.length > 0 && (
        <div className="field assembly__contract">
          <label htmlFor={`${id}-contract`}>Contract</label>
          <select
            id={`${id}-contract`}
            value={contractId ?? ''}
            onChange={(e) => setChosenContract(Number(e.target.value))}
          >
            {contracts.data.map((c) => (
              <option key={c.nContractID} value={c.nContractID}>
                {c.vcContractNumber} · {c.vcContractName}
                {c.isActive ? ' (current)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {wo.assemblyUnits.length === 0 ? (
        <EmptyState>No assembly units entered yet.</EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="assembly__table">
            <caption className="visually-hidden">Assembly units and what they earn under the contract</caption>
            <thead>
              <tr>
                <th scope="col">Unit</th>
                <th scope="col">Qty</th>
                <th scope="col">Details</th>
                <th scope="col">Unit price</th>
                <th scope="col">Amount</th>
                {!readOnly && (
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {wo.assemblyUnits.map((e, i) => {
                const line = earnings.lines[i];
                const details = INPUT_ORDER.filter((k) => e[k] !== null && e[k] !== '')
                  .map((k) => `${ASSEMBLY_INPUT_LABELS[k]}: ${e[k]}`)
                  .join(', ');
                return (
                  <tr key={e.nCount}>
                    <th scope="row">
                      {e.vcCode}
                      <span className="muted assembly__desc">{e.vcDescription}</span>
                    </th>
                    <td>{e.QtyUnits}</td>
                    <td>{details || '—'}</td>
                    <td>{line?.nUnitPriceCents != null ? formatUsd(line.nUnitPriceCents) : '—'}</td>
                    <td>{formatUsd(line?.nAmountCents ?? 0)}</td>
                    {!readOnly && (
                      <td>
                        <Button
                          type="button"
                          variant="destructive"
                          small
                          busy={remove.isPending && remove.variables === e.nCount}
                          disabled={remove.isPending}
                          onClick={() => setAsking({ nCount: e.nCount, code: e.vcCode })}
                          aria-label={`Remove ${e.vcCode}`}
                        >
                          Remove
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  Earns under the contract
                </th>
                <td colSpan={readOnly ? 1 : 2} className="assembly__total">
                  {formatUsd(earnings.totalCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {asking && (
        <LazyConfirmDialog
          message={`Remove ${asking.code} from this work order?`}
          yesLabel="Yes, remove it"
          noLabel="Keep it"
          danger
          onYes={() => {
            // One outcome per action: a removal clears the last add's message.
            setMessage(null);
            remove.mutate(asking.nCount);
            setAsking(null);
          }}
          onNo={() => setAsking(null)}
        />
      )}
      <FormAlert message={remove.isError ? errorMessage(remove.error) : null} />

      {!readOnly && (
        <Form className="assembly__add" onSubmit={submit} aria-label="Add an assembly unit">
          <div className="field-row">
            <div className={`field${errors.AssemblyUnitID ? ' field--invalid' : ''}`}>
              <label htmlFor={`${id}-unit`}>Assembly unit</label>
              <select
                id={`${id}-unit`}
                value={entry.unitId}
                onChange={(e) => {
                  setEntry({ ...EMPTY, unitId: e.target.value, qty: entry.qty });
                  setErrors({});
                }}
              >
                <option value="">Please select a value</option>
                {units.data?.map((u) => (
                  <option key={u.nCount} value={u.nCount}>
                    {u.vcCode} · {u.vcDescription}
                  </option>
                ))}
              </select>
              {errors.AssemblyUnitID && <p className="field__error">{errors.AssemblyUnitID}</p>}
            </div>
            <div className={`field${errors.QtyUnits ? ' field--invalid' : ''}`}>
              <label htmlFor={`${id}-qty`}>Quantity</label>
              <input
                id={`${id}-qty`}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={entry.qty}
                onChange={(e) => setEntry({ ...entry, qty: e.target.value })}
              />
              {errors.QtyUnits && <p className="field__error">{errors.QtyUnits}</p>}
            </div>
            {shown &&
              INPUT_ORDER.filter((k) => shown[k]).map((k) => (
                <div key={k} className={`field${errors[k] ? ' field--invalid' : ''}`}>
                  <label htmlFor={`${id}-${k}`}>
                    {ASSEMBLY_INPUT_LABELS[k]}
                    {OPTIONAL_ASSEMBLY_INPUTS.has(k) ? ' (optional)' : ''}
                  </label>
                  <input
                    id={`${id}-${k}`}
                    inputMode={k === 'ROWFootage' || k.endsWith('Sequential') ? 'numeric' : undefined}
                    value={entry[k]}
                    onChange={(e) => setEntry({ ...entry, [k]: e.target.value })}
                  />
                  {errors[k] && <p className="field__error">{errors[k]}</p>}
                </div>
              ))}
          </div>
          <FormAlert message={message} tone="success" />
          <Button type="submit" variant="secondary" busy={add.isPending} busyText="Adding…">
            Add assembly unit
          </Button>
        </Form>
      )}
    </section>
  );
}
