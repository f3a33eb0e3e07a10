import { sql } from 'kysely';

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A LIKE pattern (for lower-cased columns) that means the typed characters literally: "50%" or "a_b"
 * match those characters, not wildcards. SQLite needs the ESCAPE clause spelled out; PostgreSQL accepts it.
 */
export const likeContains = (text: string) => sql<string>`${`%${escapeLike(text)}%`} escape '\\'`;
export const likeStartsWith = (text: string) => sql<string>`${`${escapeLike(text)}%`} escape '\\'`;
