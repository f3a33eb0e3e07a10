import type { AdminLeaderboard, WagerSourceKind } from '@common/contracts/leaderboards';
import type { SourceInputDraft } from '@common/contracts/wager-sources';
import { DATE_FORMATS, type DateFormat, WAGER_SOURCE_DEFAULT_URLS } from '@common/wager-sources';
import { formatUsd } from '@common/format';
import { PlugZap } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { SelectField, TextArea, TextField } from '@web/components/ui/field';
import { FormModal, savedThen } from '@web/components/ui/form-modal';
import { ApiError, errorMessage } from '@web/lib/api';
import { asNumber } from '@web/lib/form-number';
import { useToast } from '@web/lib/toast';
import { useSaveSource, useTestSource } from '../api/admin-leaderboards';

export const SOURCE_KIND_LABELS: Record<WagerSourceKind, string> = { roobet: 'Roobet', shuffle: 'Shuffle', rainbet: 'Rainbet', packdraw: 'Packdraw', generic: 'Any JSON API (field mapping)' };
const KEY_HINTS: Record<WagerSourceKind, string> = {
  roobet: 'The affiliate API token (a JWT) from Roobet.',
  shuffle: 'The affiliate API key from Shuffle.',
  rainbet: 'The affiliate API key from Rainbet.',
  packdraw: 'The affiliate API key from Packdraw.',
  generic: 'Used where the address, headers or body say {secret}.',
};

type Options = Record<string, unknown>;
const text = (options: Options, key: string) => (typeof options[key] === 'string' ? (options[key] as string) : '');
const fieldsOf = (options: Options) => (options.fields ?? {}) as Record<string, string | undefined>;

function draftOf(source: AdminLeaderboard['source']) {
  const options: Options = source?.options ?? {};
  const headers = (options.headers ?? {}) as Record<string, string>;
  return {
    kind: source?.kind ?? ('roobet' as WagerSourceKind),
    is_enabled: source?.is_enabled ?? true,
    interval_sec: String(source?.interval_sec ?? 300),
    timeout_sec: String(source?.timeout_sec ?? 15),
    rank_on: source?.rank_on ?? ('wagered' as const),
    base_url: source?.base_url ?? '',
    secret: '',
    user_id: text(options, 'user_id'),
    categories: text(options, 'categories'),
    campaign_code: text(options, 'campaign_code'),
    method: text(options, 'method') || 'GET',
    url: text(options, 'url'),
    headers: Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\n'),
    body: text(options, 'body'),
    date_format: text(options, 'date_format') || 'iso',
    rows_path: text(options, 'rows_path'),
    username: fieldsOf(options).username ?? '',
    wagered: fieldsOf(options).wagered ?? '',
    weighted_wagered: fieldsOf(options).weighted_wagered ?? '',
    amount_scale: String(options.amount_scale ?? 1),
    error_flag_path: text(options, 'error_flag_path'),
    error_message_path: text(options, 'error_message_path'),
  };
}
type Draft = ReturnType<typeof draftOf>;
const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

function inputOf(draft: Draft): SourceInputDraft {
  const common = {
    is_enabled: draft.is_enabled,
    interval_sec: asNumber(draft.interval_sec),
    timeout_sec: asNumber(draft.timeout_sec),
    rank_on: draft.rank_on,
    base_url: draft.base_url.trim() === '' ? null : draft.base_url.trim(),
    ...(draft.secret ? { secret: draft.secret } : {}),
  };
  switch (draft.kind) {
    case 'roobet':
      return { kind: 'roobet', ...common, options: { user_id: optional(draft.user_id), categories: optional(draft.categories) } };
    case 'shuffle':
      return { kind: 'shuffle', ...common, options: { campaign_code: optional(draft.campaign_code) } };
    case 'rainbet':
    case 'packdraw':
      return { kind: draft.kind, ...common, options: {} };
    case 'generic': {
      const headers = Object.fromEntries(
        draft.headers
          .split('\n')
          .filter((line) => line.includes(':'))
          .map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      return {
        kind: 'generic',
        ...common,
        base_url: null,
        options: {
          method: draft.method as 'GET' | 'POST',
          url: draft.url,
          headers,
          body: draft.body.trim() === '' ? null : draft.body,
          date_format: draft.date_format as DateFormat,
          rows_path: draft.rows_path,
          fields: { username: draft.username, wagered: draft.wagered, weighted_wagered: optional(draft.weighted_wagered) },
          amount_scale: asNumber(draft.amount_scale),
          error_flag_path: optional(draft.error_flag_path),
          error_message_path: optional(draft.error_message_path),
        },
      };
    }
  }
}

/** Where a leaderboard's wagers come from: the partner, its key (write-only), how often, and a test before saving. */
export function SourceForm({ leaderboard, onClose }: { leaderboard: AdminLeaderboard; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(draftOf(leaderboard.source));
  const save = useSaveSource();
  const test = useTestSource();
  const toast = useToast();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const failure = save.error ?? test.error;
  const error = (field: string) => (failure instanceof ApiError ? failure.field(field) : undefined);
  const field = (key: keyof Draft, label: string, props: { hint?: string; placeholder?: string; path?: string } = {}) => (
    <TextField label={label} value={String(draft[key])} onChange={(e) => set(key, e.target.value as never)} error={error(props.path ?? `options.${key}`)} hint={props.hint} placeholder={props.placeholder} />
  );
  const generic = draft.kind === 'generic';

  return (
    <FormModal title={leaderboard.source ? 'Wager source' : 'Connect a wager source'} submitLabel="Save source" busy={save.isPending} onSubmit={() => save.mutate({ id: leaderboard.id, input: inputOf(draft) }, savedThen(toast, onClose, 'The source was not saved.'))} onClose={onClose} className="max-w-2xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Partner" value={draft.kind} onChange={(e) => set('kind', e.target.value as WagerSourceKind)} error={error('kind')}>
          {Object.entries(SOURCE_KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="API key"
          type="password"
          autoComplete="off"
          value={draft.secret}
          placeholder={leaderboard.source?.has_secret ? 'Key saved: type to replace it' : 'Paste the key'}
          onChange={(e) => set('secret', e.target.value)}
          error={error('secret')}
          hint={KEY_HINTS[draft.kind]}
        />
        {!generic && field('base_url', 'API address (optional)', { path: 'base_url', placeholder: WAGER_SOURCE_DEFAULT_URLS[draft.kind as keyof typeof WAGER_SOURCE_DEFAULT_URLS], hint: 'Empty uses the partner’s public API.' })}
        {draft.kind === 'roobet' && field('user_id', 'Roobet user id (optional)', { hint: 'Read from the key when empty.' })}
        {draft.kind === 'roobet' && field('categories', 'Game categories (optional)', { placeholder: 'slots,provably fair' })}
        {draft.kind === 'shuffle' && field('campaign_code', 'Campaign code (optional)', { hint: 'Only players who signed up with this code.' })}
      </div>
      {generic && (
        <div className="grid gap-4 rounded-xl border border-line bg-surface-2/50 p-4 sm:grid-cols-2">
          <SelectField label="Method" value={draft.method} onChange={(e) => set('method', e.target.value)} error={error('options.method')}>
            <option>GET</option>
            <option>POST</option>
          </SelectField>
          <SelectField label="Date format for {start} and {end}" value={draft.date_format} onChange={(e) => set('date_format', e.target.value)} error={error('options.date_format')}>
            {DATE_FORMATS.map((format) => (
              <option key={format}>{format}</option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">{field('url', 'Address', { placeholder: 'https://partner.example/api/wagers?from={start}&to={end}&key={secret}' })}</div>
          <TextArea label="Headers (one “Name: value” per line)" rows={2} value={draft.headers} onChange={(e) => set('headers', e.target.value)} error={error('options.headers')} />
          <TextArea label="JSON body (POST)" rows={2} value={draft.body} onChange={(e) => set('body', e.target.value)} error={error('options.body')} />
          {field('rows_path', 'Path to the list of players', { placeholder: 'data.items (empty: the answer is the list)' })}
          {field('amount_scale', 'Amount scale', { hint: '0.01 when the partner counts in cents.' })}
          {field('username', 'Username field', { path: 'options.fields.username', placeholder: 'username' })}
          {field('wagered', 'Wagered field', { path: 'options.fields.wagered', placeholder: 'wagered' })}
          {field('weighted_wagered', 'Weighted wagered field (optional)', { path: 'options.fields.weighted_wagered' })}
          {field('error_flag_path', 'Error flag field (optional)', { hint: 'For APIs that answer errors with HTTP 200.' })}
          {field('error_message_path', 'Error message field (optional)')}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {field('interval_sec', 'Sync every (seconds)', { path: 'interval_sec' })}
        {field('timeout_sec', 'Timeout (seconds)', { path: 'timeout_sec' })}
        <SelectField label="Rank on" value={draft.rank_on} onChange={(e) => set('rank_on', e.target.value as Draft['rank_on'])} error={error('rank_on')}>
          <option value="wagered">Wagered</option>
          <option value="weighted">Weighted wagered</option>
        </SelectField>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-ink-2">
        <input type="checkbox" className="size-4 accent-accent" checked={draft.is_enabled} onChange={(e) => set('is_enabled', e.target.checked)} /> Sync automatically
      </label>
      <div className="space-y-3 rounded-xl border border-line bg-surface-2/50 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" size="sm" busy={test.isPending} busyLabel="Testing..." onClick={() => test.mutate({ id: leaderboard.id, input: inputOf(draft) }, { onError: (problem) => !(problem instanceof ApiError && problem.errors) && toast.error(errorMessage(problem, 'The test did not run.')) })}>
            <PlugZap className="size-4" aria-hidden /> Test connection
          </Button>
          <span className="text-xs text-muted">Fetches the current period once without saving anything.</span>
        </div>
        {test.data && (
          <div role="status" data-testid="source-test-result" className="space-y-2 text-sm">
            <p className={test.data.ok ? 'font-semibold text-success' : 'font-semibold text-danger'}>
              {test.data.message} ({test.data.duration_ms} ms)
            </p>
            {test.data.sample.length > 0 && (
              <table className="w-full text-left text-xs">
                <thead className="text-muted">
                  <tr>
                    <th className="py-1 font-medium">Player</th>
                    <th className="py-1 text-right font-medium">Wagered</th>
                  </tr>
                </thead>
                <tbody>
                  {test.data.sample.map((row) => (
                    <tr key={row.username} className="border-t border-line/60">
                      <td className="py-1 text-ink-2">{row.username}</td>
                      <td className="py-1 text-right tabular-nums text-ink">{formatUsd(row.wagered)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </div>
    </FormModal>
  );
}
