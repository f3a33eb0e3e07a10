import type { GenericOptions } from '../../../common/contracts/wager-sources';
import type { DateFormat } from '../../../common/wager-sources';
import { packdrawDate } from './packdraw';
import { expectList, isTransientMessage, wagerRow } from './http';
import { WagerSourceError, type AdapterSettings, type PartnerInit, type WagerAdapter, type WagerRow } from './types';

/** A value at a dotted path ("data.summarizedBets", "user.username"); the empty path is the value itself. */
export function valueAt(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function formatDate(at: Date, format: DateFormat): string {
  switch (format) {
    case 'iso':
      return at.toISOString();
    case 'yyyy-MM-dd':
      return at.toISOString().slice(0, 10);
    case 'M-d-yyyy':
      return packdrawDate(at);
    case 'unix_s':
      return String(Math.floor(at.getTime() / 1000));
    case 'unix_ms':
      return String(at.getTime());
  }
}

type Encode = (value: string) => string;
const fill = (template: string, values: Record<string, string>, encode: Encode) =>
  template.replace(/\{(start|end|secret)\}/g, (_, name: string) => encode(values[name]));

/**
 * Any partner that answers with a list of players, described by staff: where to ask (with {start},
 * {end} and {secret} filled in), where the list is, which fields hold the name and the amounts, the
 * unit, and how the partner reports errors inside a 200 (research §3.15).
 */
export function genericAdapter({ secret, options, request }: AdapterSettings<GenericOptions>): WagerAdapter {
  return {
    async fetch(window, signal) {
      // The end placeholder is the last instant inside the window, so whole-day formats name the last day.
      const values = { start: formatDate(window.start, options.date_format), end: formatDate(new Date(window.end.getTime() - 1), options.date_format), secret };
      const headers = Object.fromEntries(Object.entries(options.headers).map(([name, value]) => [name, fill(value, values, (v) => v)]));
      const init: PartnerInit = { method: options.method, headers };
      if (options.method === 'POST' && options.body) {
        init.body = fill(options.body, values, (v) => JSON.stringify(v).slice(1, -1));
        headers['Content-Type'] ??= 'application/json';
      }
      const body = await request(fill(options.url, values, encodeURIComponent), init, signal);
      if (options.error_flag_path && valueAt(body, options.error_flag_path)) {
        const message = String(valueAt(body, options.error_message_path) ?? 'no message');
        throw new WagerSourceError(`The partner reported an error: ${message.slice(0, 160)}`, isTransientMessage(message));
      }
      const rows = valueAt(body, options.rows_path);
      return expectList(Array.isArray(rows) ? rows : body, 'player').flatMap((row): WagerRow[] => {
        const { fields } = options;
        const parsed = wagerRow(valueAt(row, fields.username), valueAt(row, fields.wagered), fields.weighted_wagered ? valueAt(row, fields.weighted_wagered) : undefined, options.amount_scale);
        return parsed ? [parsed] : [];
      });
    },
  };
}
