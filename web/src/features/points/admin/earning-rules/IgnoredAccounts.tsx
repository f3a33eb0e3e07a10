import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { inputClasses } from '@web/components/ui/field';

/** The server's rule for a Kick name (common/contracts/earning.ts), checked here so a typo is caught at once. */
const KICK_NAME = /^[A-Za-z0-9_-]{1,40}$/;
const MAX_ACCOUNTS = 200;

interface Props {
  names: string[];
  onChange(names: string[]): void;
  editable: boolean;
  /** The server's messages: for the list, and for entry N under `ignored_kick_accounts.N`. */
  error(path: string): string | undefined;
}

/** Kick accounts (bots) that never earn: chips with a remove button, and a box to add one by name. */
export function IgnoredAccounts({ names, onChange, editable, error }: Props) {
  const id = useId();
  const [entry, setEntry] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const invalidAt = names.findIndex((_, index) => error(`ignored_kick_accounts.${index}`));
  const message = problem ?? error('ignored_kick_accounts') ?? (invalidAt >= 0 ? `${names[invalidAt]}: ${error(`ignored_kick_accounts.${invalidAt}`)}` : undefined);

  const add = () => {
    const name = entry.trim().replace(/^@/, '');
    if (!name) return;
    if (!KICK_NAME.test(name)) return setProblem('Kick names use letters, numbers, - and _ (at most 40).');
    if (names.some((existing) => existing.toLowerCase() === name.toLowerCase())) return setProblem(`${name} is already on the list.`);
    if (names.length >= MAX_ACCOUNTS) return setProblem(`At most ${MAX_ACCOUNTS} accounts.`);
    onChange([...names, name]);
    setEntry('');
    setProblem(null);
  };

  return (
    <div className="space-y-4">
      {names.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-muted">No accounts ignored: every linked Kick account earns.</p>
      ) : (
        <ul aria-label="Ignored Kick accounts" className="flex flex-wrap gap-2">
          {names.map((name, index) => (
            <li
              key={name}
              className={cn(
                'inline-flex max-w-full items-center gap-1 rounded-full border py-1 pr-1 pl-3 text-sm font-medium',
                index === invalidAt ? 'border-danger/60 bg-danger/10 text-red-200' : 'border-line-strong bg-surface-2 text-ink',
                !editable && 'pr-3',
              )}
            >
              <span className="truncate">{name}</span>
              {editable && (
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(names.filter((other) => other !== name))}
                  className="flex size-6 shrink-0 items-center justify-center rounded-full text-muted transition hover:bg-danger/20 hover:text-red-200 focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-ink-2">
            Add a Kick account
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              value={entry}
              maxLength={41}
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. BotRix"
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : `${id}-hint`}
              className={cn(inputClasses, 'min-w-0 flex-1')}
              onChange={(event) => {
                setEntry(event.target.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
            <Button variant="secondary" className="h-auto" onClick={add} disabled={!entry.trim()}>
              <Plus className="size-4" aria-hidden /> Add
            </Button>
          </div>
          {message ? (
            <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-300">
              {message}
            </p>
          ) : (
            <p id={`${id}-hint`} className="text-xs text-muted">
              Type a name and press Enter. Compared without regard to case.
            </p>
          )}
        </div>
      )}
      {!editable && message && <p className="text-xs font-medium text-red-300">{message}</p>}
    </div>
  );
}
