/**
 * GET a statement (JSON or CSV). The payee session cookie always goes along; the seller's edit token is sent as a
 * Bearer only when the page uses it instead of a session that owns the profile (ADR 0045, 0047).
 * Throws `Error("{status}: {body}")` on a non-2xx answer, like apiRequest, so apiErrorMessage/errorStatus read it.
 */
export async function statementGet(url: string, token?: string): Promise<Response> {
  const res = await fetch(url, {
    credentials: 'include',
    headers: token !== undefined ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}
