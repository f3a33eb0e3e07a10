import { formatCount } from '../../../common/format';
import { BOARD_PLAYERS_MAX, CASINO_USERNAME_MAX } from '../../../common/leaderboards';
import type { PlayerWager } from './standings.service';

/** RFC 4180 fields: commas or semicolons, quotes doubled inside quoted fields, CRLF or LF lines. */
export function parseCsv(text: string): string[][] {
  const delimiter = (text.split(/\r?\n/, 1)[0].match(/;/g)?.length ?? 0) > (text.split(/\r?\n/, 1)[0].match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * "$1,234.50" or "1234.5" as cents; null when it is not an amount of at most two decimals. A comma only groups
 * thousands: "1234,50" (a decimal comma) is refused rather than read as 123,450.
 */
function cents(text: string): number | null {
  const cleaned = text.replace(/[\s$€£]/g, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/.test(cleaned)) return null;
  const value = Math.round(Number(cleaned.replaceAll(',', '')) * 100);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * A wager CSV as staff export it from a partner's dashboard: a username and a wagered column, found by
 * a header row (username/user/name and wagered/wager/amount) or taken as the first two columns.
 */
export function readWagerCsv(text: string): { rows: PlayerWager[]; errors: { line: number; message: string }[] } {
  const lines = parseCsv(text.replace(/^\uFEFF/, ''));
  let nameColumn = 0;
  let amountColumn = 1;
  let first = 0;
  const header = lines[0]?.map((cell) => cell.trim().toLowerCase());
  if (header && header.length > 1 && cents(header[1] ?? '') === null) {
    const name = header.findIndex((cell) => ['username', 'user', 'name', 'player'].includes(cell));
    const amount = header.findIndex((cell) => ['wagered', 'wager', 'amount', 'wagered_amount', 'wageramount'].includes(cell));
    nameColumn = name >= 0 ? name : 0;
    amountColumn = amount >= 0 ? amount : 1;
    first = 1;
  }
  const rows: PlayerWager[] = [];
  const errors: { line: number; message: string }[] = [];
  for (let index = first; index < lines.length; index++) {
    const cells = lines[index];
    const line = index + 1;
    if (cells.every((cell) => cell.trim() === '')) continue;
    const username = (cells[nameColumn] ?? '').trim();
    const amount = cents(cells[amountColumn] ?? '');
    if (!username) errors.push({ line, message: 'No username.' });
    else if (username.length > CASINO_USERNAME_MAX) errors.push({ line, message: `A casino username has at most ${CASINO_USERNAME_MAX} characters.` });
    else if (amount === null) errors.push({ line, message: `“${(cells[amountColumn] ?? '').slice(0, 30)}” is not an amount such as 1234.50.` });
    else rows.push({ username, cents: amount });
  }
  if (rows.length > BOARD_PLAYERS_MAX) return { rows: [], errors: [{ line: 0, message: `At most ${formatCount(BOARD_PLAYERS_MAX)} players at once.` }] };
  return { rows, errors };
}
