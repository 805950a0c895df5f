/**
 * Keyset pagination over the board's order (newest first = highest `seq` first). The cursor is the last `seq`
 * shown, opaque to clients; a new request never shifts later pages, and a deleted one never duplicates a row.
 */
const PREFIX = 'v1:';

export function encodeCursor(seq: string): string {
  return Buffer.from(`${PREFIX}${seq}`, 'utf8').toString('base64url');
}

/** The `seq` a cursor stands for, or null when it is not one of ours. */
export function decodeCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^v1:(\d{1,18})$/.exec(text);
  return match ? match[1]! : null;
}
