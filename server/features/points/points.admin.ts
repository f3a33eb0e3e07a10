import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LEDGER_PAGE_SIZE, adminLedgerResponseSchema, ledgerQuerySchema, type AdminLedgerEntry, type LedgerQuery } from '../../../common/contracts/earning';
import { dayIn, shiftDay, startOfDay } from '../../../common/time-zone';
import type { LedgerFilter } from './points.repo';
import type { PointsService } from './points.service';

const CSV_COLUMNS = ['id', 'created_at', 'member_id', 'member', 'delta', 'balance_after', 'reason', 'reference', 'note', 'actor'] as const;

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break; text that a spreadsheet would
 * run as a formula (= + - @ at the start) gets a leading apostrophe.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (entry: AdminLedgerEntry) =>
  [
    entry.id,
    entry.created_at,
    entry.member.id,
    entry.member.username,
    entry.delta,
    entry.balance_after,
    entry.reason,
    entry.reference,
    entry.note,
    entry.actor?.username ?? null,
  ]
    .map(cell)
    .join(',');

/** Staff see the whole ledger, filtered by member, reason and days of the site's time zone, and export it. */
export function pointsAdminRoutes(admin: FastifyInstance, deps: { points: PointsService; timeZone: () => Promise<string>; now: () => Date }) {
  const r = admin.withTypeProvider<ZodTypeProvider>();

  async function toFilter(query: LedgerQuery): Promise<LedgerFilter> {
    const zone = await deps.timeZone();
    return {
      member: query.member,
      reason: query.reason,
      from: query.from ? startOfDay(zone, query.from).toISOString() : undefined,
      until: query.to ? startOfDay(zone, shiftDay(query.to, 1)).toISOString() : undefined,
    };
  }

  r.get('/points/ledger', { schema: { querystring: ledgerQuerySchema, response: { 200: adminLedgerResponseSchema } } }, async (request) => {
    const { entries, total, reasons } = await deps.points.ledger(await toFilter(request.query), request.query.page, LEDGER_PAGE_SIZE);
    return { success: true as const, data: entries, meta: { page: request.query.page, per_page: LEDGER_PAGE_SIZE, total }, reasons };
  });

  r.get('/points/ledger.csv', { schema: { querystring: ledgerQuerySchema } }, async (request, reply) => {
    const filter = await toFilter(request.query);
    const rows = deps.points.ledgerRows(filter);
    async function* csv() {
      yield `${CSV_COLUMNS.join(',')}\r\n`;
      for await (const entry of rows) yield `${csvLine(entry)}\r\n`;
    }
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="points-ledger-${dayIn(await deps.timeZone(), deps.now())}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(csv()));
  });
}
