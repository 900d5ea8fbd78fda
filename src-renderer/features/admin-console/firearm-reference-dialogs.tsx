import { useState } from 'react';
import {
  REFERENCE_BARREL_MAX,
  type ReferenceCaliberRow,
  type ReferencePartName,
} from '../../../shared/contract/firearm-reference.ts';
import { CATEGORY_FAMILIES, type CategoryFamilyId } from '../../../shared/domain/category.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Checkbox, FormField, SelectInput } from '../../ui/form-field.tsx';
import styles from './admin-console.module.css';
import { type ReferenceWrite, useReferenceWrite } from './api/admin-queries.ts';
import { ConfirmButton, TextField } from './console-forms.tsx';
import { ConfirmDialog } from './console-parts.tsx';

/** The categories a model or variant may be of: the firearm families, in words. */
export const FIREARM_FAMILY_CHOICES = CATEGORY_FAMILIES.filter((family) => family.group === 'Firearm').map(
  (family) => ({
    id: family.id,
    label: family.key === 'NFA' ? 'NFA items' : family.key.replace(/([a-z])([A-Z])/g, '$1 $2'),
  }),
);

export const familyLabel = (id: number | null): string =>
  FIREARM_FAMILY_CHOICES.find((family) => family.id === id)?.label ?? '—';

const PART_WORDS: Record<ReferencePartName, string> = {
  manufacturer: 'manufacturer',
  model: 'model',
  variant: 'variant',
  caliber: 'caliber',
};

/** What a record dialog edits, as the record has it (nothing for a new one). */
export interface RecordDraft {
  name: string | null;
  aliases: readonly string[];
  familyId?: number | null;
  barrelInches?: number | null;
  caliberIds?: readonly string[];
}

/** Where a new model or variant goes. */
export type RecordParent = { manufacturerId: string } | { modelId: string } | null;

export interface RecordDialogProps {
  part: ReferencePartName;
  /** Null: a new record (of `parent`, for a model or a variant). */
  editing: { id: string; label: string; draft: RecordDraft } | null;
  parent: RecordParent;
  /** The title names where it goes or what it is: "Add a model to Glock", "Edit Glock 19". */
  title: string;
  calibers: readonly ReferenceCaliberRow[];
  onClose: () => void;
  onDone: (message: string) => void;
}

const aliasesOf = (text: string) =>
  text
    .split(',')
    .map((alias) => alias.trim())
    .filter(Boolean);

/** A barrel length as typed: empty (none) or inches within bounds; null when it is not one. */
function barrelOf(text: string): { value: number | null } | null {
  if (text.trim() === '') return { value: null };
  const value = Number(text);
  return Number.isFinite(value) && value >= 1 && value <= REFERENCE_BARREL_MAX ? { value } : null;
}

/**
 * Adds or edits one record of the reference: its name and aliases, a model's or variant's category,
 * a variant's barrel length and calibers (a new model's calibers go to its plain variant). The
 * server's refusal stays in the dialog with what was typed, each named field's message beside it.
 */
export function RecordDialog({ part, editing, parent, title, calibers, onClose, onDone }: RecordDialogProps) {
  const draft = editing?.draft;
  const [name, setName] = useState(draft?.name ?? '');
  const [aliases, setAliases] = useState((draft?.aliases ?? []).join(', '));
  const [familyId, setFamilyId] = useState(String(draft?.familyId ?? (part === 'model' ? 18 : '')));
  const [barrel, setBarrel] = useState(draft?.barrelInches == null ? '' : String(draft.barrelInches));
  const [caliberIds, setCaliberIds] = useState<readonly string[]>(draft?.caliberIds ?? []);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});
  const write = useReferenceWrite();

  const hasFamily = part === 'model' || part === 'variant';
  const hasCalibers = part === 'variant' || (part === 'model' && editing === null);
  const barrelValue = part === 'variant' ? barrelOf(barrel) : { value: null };
  const nameMissing = part !== 'variant' && name.trim() === '';
  const family = familyId === '' ? null : (Number(familyId) as CategoryFamilyId);

  const request = (): ReferenceWrite => {
    const named = { aliases: aliasesOf(aliases) };
    const trimmed = name.trim();
    switch (part) {
      case 'manufacturer':
      case 'caliber':
        return editing
          ? { op: 'edit', part, id: editing.id, body: { name: trimmed, ...named } }
          : { op: 'add', part, body: { name: trimmed, ...named } };
      case 'model': {
        const familyOf = (family ?? 18) as CategoryFamilyId;
        if (editing)
          return { op: 'edit', part, id: editing.id, body: { name: trimmed, ...named, familyId: familyOf } };
        const manufacturerId = parent && 'manufacturerId' in parent ? parent.manufacturerId : '';
        return {
          op: 'add',
          part,
          body: { manufacturerId, name: trimmed, ...named, familyId: familyOf, caliberIds: [...caliberIds] },
        };
      }
      case 'variant': {
        const body = {
          name: trimmed === '' ? null : trimmed,
          ...named,
          familyId: family,
          barrelInches: barrelValue?.value ?? null,
          caliberIds: [...caliberIds],
        };
        if (editing) return { op: 'edit', part, id: editing.id, body };
        const modelId = parent && 'modelId' in parent ? parent.modelId : '';
        return { op: 'add', part, body: { modelId, ...body } };
      }
    }
  };

  // The choices: every active caliber, and any the record has that staff deactivated since.
  const choices = calibers.filter((caliber) => caliber.active || caliberIds.includes(caliber.id));

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      confirmLabel={editing ? 'Save' : `Add ${PART_WORDS[part]}`}
      disabled={nameMissing || barrelValue === null}
      onConfirm={async () => {
        setFields({});
        try {
          await write.mutateAsync(request());
        } catch (failure) {
          if (isApiError(failure)) setFields(failure.fields);
          throw failure;
        }
        const shown = name.trim() || editing?.label || 'The plain variant';
        onDone(editing ? `${shown} is saved.` : `${shown} is added.`);
      }}
    >
      <TextField
        label="Name"
        optional={part === 'variant'}
        help={
          part === 'variant'
            ? 'The generation or version ("Gen 5", "XL"); leave it empty for the plain model.'
            : undefined
        }
        maxLength={100}
        required={part !== 'variant'}
        error={fields.name}
        value={name}
        onValue={setName}
      />
      <TextField
        label="Aliases"
        optional
        help="Other names sellers write for it, separated by commas."
        error={Object.entries(fields).find(([key]) => key.startsWith('aliases'))?.[1]}
        value={aliases}
        onValue={setAliases}
      />
      {hasFamily ? (
        <FormField
          label="Category"
          optional={part === 'variant'}
          help={
            part === 'variant'
              ? 'Only when it differs from the model’s (a short-barrelled shotgun is NFA).'
              : undefined
          }
          error={fields.familyId}
        >
          {(control) => (
            <SelectInput {...control} value={familyId} onChange={(event) => setFamilyId(event.target.value)}>
              {part === 'variant' ? <option value="">Same as the model</option> : null}
              {FIREARM_FAMILY_CHOICES.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
      ) : null}
      {part === 'variant' ? (
        <TextField
          label="Barrel length (inches)"
          optional
          inputMode="decimal"
          error={barrelValue === null ? `Enter 1 to ${REFERENCE_BARREL_MAX} inches.` : fields.barrelInches}
          value={barrel}
          onValue={setBarrel}
        />
      ) : null}
      {hasCalibers ? (
        <fieldset className={`${styles.fieldset} ${styles.choiceList}`}>
          <legend>{part === 'model' ? 'Calibers of its plain variant' : 'Calibers'}</legend>
          {choices.length === 0 ? <p className={styles.empty}>No calibers in the reference yet.</p> : null}
          {choices.map((caliber) => (
            <Checkbox
              key={caliber.id}
              label={caliber.active ? caliber.name : `${caliber.name} (deactivated)`}
              checked={caliberIds.includes(caliber.id)}
              onChange={(event) =>
                setCaliberIds((current) =>
                  event.target.checked ? [...current, caliber.id] : current.filter((id) => id !== caliber.id),
                )
              }
            />
          ))}
          {fields.caliberIds ? <p className={styles.error}>{fields.caliberIds}</p> : null}
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}

/** Deactivates or reactivates a record, after a confirmation saying what that does. */
export function StatusButton({
  part,
  id,
  label,
  active,
  onDone,
}: {
  part: ReferencePartName;
  id: string;
  label: string;
  active: boolean;
  onDone: (message: string) => void;
}) {
  const write = useReferenceWrite();
  const verb = active ? 'Deactivate' : 'Reactivate';
  return (
    <ConfirmButton
      button={
        <>
          {verb} <span className="visually-hidden">{label}</span>
        </>
      }
      title={`${verb} ${label}?`}
      description={
        active
          ? 'Identification and listing identities no longer read it (nor what belongs to it); it is kept, with the listings and sales identified as it, until you reactivate it.'
          : 'Identification reads it again from the next identification on, on every server.'
      }
      confirmLabel={verb}
      onConfirm={async () => {
        await write.mutateAsync({ op: 'edit', part, id, body: { active: !active } } as ReferenceWrite);
        onDone(`${label} is ${active ? 'deactivated' : 'active again'}.`);
      }}
    />
  );
}

/** Removes a record after a confirmation; the server refuses one that listings or sales name. */
export function RemoveButton({
  part,
  id,
  label,
  what,
  onDone,
  onCloseAutoFocus,
}: {
  part: ReferencePartName;
  id: string;
  label: string;
  /** What goes with it, in words ("its 3 models and their variants"). */
  what?: string | undefined;
  onDone: (message: string) => void;
  /** Where focus goes when the dialog closes: a removed record's button is gone. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const write = useReferenceWrite();
  return (
    <ConfirmButton
      button={
        <>
          Remove <span className="visually-hidden">{label}</span>
        </>
      }
      title={`Remove ${label}?`}
      description={`${what ? `This also removes ${what}. ` : ''}A record that listings or sales were identified as cannot be removed: deactivate it instead.`}
      confirmLabel="Remove"
      onCloseAutoFocus={onCloseAutoFocus}
      onConfirm={async () => {
        await write.mutateAsync({ op: 'remove', part, id });
        onDone(`${label} is removed.`);
      }}
    />
  );
}
