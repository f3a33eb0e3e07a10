import { describe, expect, it } from 'vitest';
import { acceptsReplies, statusAfterMemberReply, TICKET_FILTERS, ticketExcerpt } from './tickets';

describe('ticket rules (spec 2 §2, §4, §9)', () => {
  it('cuts a card description at 100 characters', () => {
    expect(ticketExcerpt('a'.repeat(100))).toBe('a'.repeat(100));
    expect(ticketExcerpt('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
  });

  it('closed tickets take no reply; a member reply reopens resolved and waiting tickets only', () => {
    expect(acceptsReplies('closed')).toBe(false);
    expect(acceptsReplies('resolved')).toBe(true);
    expect(statusAfterMemberReply('resolved')).toBe('open');
    expect(statusAfterMemberReply('waiting')).toBe('open');
    expect(statusAfterMemberReply('in_progress')).toBe('in_progress');
    expect(statusAfterMemberReply('open')).toBe('open');
  });

  it('offers the chips of spec 2 §2 in order', () => {
    expect(TICKET_FILTERS.map((filter) => filter.label)).toEqual(['All Tickets', 'Open', 'In Progress', 'Waiting', 'Resolved', 'Closed']);
  });
});
