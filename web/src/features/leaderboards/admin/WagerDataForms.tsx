import type { AmountFormat } from '@common/leaderboards';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { TextArea, TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ApiError } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useImportWagers, useSaveEntry } from '../api/admin-wager-data';

/** Sets a player's wagered amount in a period; a staff entry wins over later syncs. */
export function EntryForm({ periodId, format, initial, onClose }: { periodId: number; format: AmountFormat; initial: { username: string; wagered: number } | null; onClose(): void }) {
  const [username, setUsername] = useState(initial?.username ?? '');
  const [wagered, setWagered] = useState(initial ? String(initial.wagered) : '');
  const save = useSaveEntry();
  const toast = useToast();
  const error = (field: string) => (save.error instanceof ApiError ? save.error.field(field) : undefined);
  return (
    <FormModal
      title={initial ? `Correct ${initial.username}` : 'Add a player'}
      submitLabel={initial ? 'Save' : 'Add player'}
      busy={save.isPending}
      onSubmit={() => save.mutate({ periodId, input: { username, wagered: asNumber(wagered) } }, savedThen(toast, onClose, 'The entry was not saved.'))}
      onClose={onClose}
    >
      <TextField
        label="Casino username"
        value={username}
        maxLength={64}
        readOnly={initial !== null}
        onChange={(e) => setUsername(e.target.value)}
        error={error('username')}
        hint="The name on the partner casino, as the partner reports it (upper or lower case does not matter)."
        autoFocus={!initial}
        autoComplete="off"
      />
      <TextField
        label={format === 'xp' ? 'XP this period' : 'Wagered this period'}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        value={wagered}
        onChange={(e) => setWagered(e.target.value)}
        error={error('wagered')}
        hint="The player's total for the whole period, not an amount to add. 0 hides a player the partner reports."
        autoFocus={initial !== null}
      />
      <p className="rounded-lg border border-line bg-surface-2/70 p-3 text-xs text-ink-2">
        Syncs from the partner never overwrite an amount set here. Delete the entry to let the next sync put the partner's figure back.
      </p>
    </FormModal>
  );
}

const EXAMPLE = 'username,wagered\nSpinQueen,12500.50\nJonathan,"$5,000"';

/** Pastes or picks a CSV of players; one bad line imports nothing and names the line. */
export function ImportForm({ periodId, onClose }: { periodId: number; onClose(): void }) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const importing = useImportWagers();
  const toast = useToast();
  const problems = importing.error instanceof ApiError ? importing.error.errors?.csv : undefined;
  const lineProblems = problems?.filter((problem) => problem.startsWith('Line '));
  return (
    <FormModal title="Import wagers from CSV" submitLabel="Import" busy={importing.isPending} onSubmit={() => importing.mutate({ periodId, csv }, savedThen(toast, onClose, 'Nothing was imported.'))} onClose={onClose} className="max-w-2xl">
      <div className="space-y-2 text-sm text-ink-2">
        <p>
          One player per line: the casino username, then the amount wagered in this period (the whole period's total). A header row is optional; with one, the columns are found by name (
          <code className="text-ink">username</code> or <code className="text-ink">user</code>, <code className="text-ink">wagered</code> or <code className="text-ink">amount</code>).
          Commas or semicolons; amounts such as <code className="text-ink">1234.50</code> or <code className="text-ink">"$1,234.50"</code>, at most two decimals.
        </p>
        <pre className="overflow-x-auto rounded-lg border border-line bg-bg/60 px-3 py-2 font-mono text-xs text-ink" aria-label="Example">
          {EXAMPLE}
        </pre>
        <p className="text-xs text-muted">Imported players count as staff entries: syncs do not overwrite them. If any line is wrong, nothing is imported.</p>
      </div>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm font-medium text-ink-2 hover:border-line-strong has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent">
        <FileUp className="size-4" aria-hidden /> {fileName ? `Chosen: ${fileName}` : 'Choose a .csv file'}
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setFileName(file.name);
            void file.text().then(setCsv);
          }}
        />
      </label>
      <TextArea
        label="CSV text"
        rows={8}
        className="font-mono text-xs"
        value={csv}
        placeholder={EXAMPLE}
        onChange={(e) => setCsv(e.target.value)}
        error={problems && !lineProblems?.length ? problems[0] : undefined}
        spellCheck={false}
      />
      {lineProblems && lineProblems.length > 0 && (
        <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm text-red-200">
          <p className="font-semibold">Nothing was imported. Fix {lineProblems.length === 1 ? 'this line' : 'these lines'} and try again:</p>
          <ul className="mt-1 list-disc pl-5">
            {lineProblems.slice(0, 10).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {lineProblems.length > 10 && <p className="mt-1 text-xs">…and {lineProblems.length - 10} more.</p>}
        </div>
      )}
    </FormModal>
  );
}
