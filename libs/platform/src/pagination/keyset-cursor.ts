/**
 * Opaque cursors for newest-first lists ordered by (created_at DESC, id DESC): the last row's time and id, base64url.
 * Decoding checks the shape, so a forged or damaged cursor is a 400, never a query error.
 */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`, 'utf8').toString('base64url');
}

/** Null when the text is not a cursor this API made. */
export function decodeKeysetCursor(cursor: string): KeysetPosition | null {
  const [time, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !time || !id || !UUID.test(id)) return null;
  const createdAt = new Date(time);
  return Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== time ? null : { createdAt, id };
}

/** `rows` fetched with `limit + 1`: the page and the cursor of the next one (null on the last page). */
export function keysetPage<T>(rows: T[], limit: number, positionOf: (row: T) => KeysetPosition): { data: T[]; nextCursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? encodeKeysetCursor(positionOf(last)) : null };
}
