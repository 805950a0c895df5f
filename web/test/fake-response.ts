/** A minimal fetch Response for tests: jsdom has no Response class. */
export function fakeResponse(status: number, body = '', statusText = ''): Response {
  const fake: Pick<Response, 'ok' | 'status' | 'statusText' | 'text' | 'json'> = {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: () => Promise.resolve(body),
    json: () => Promise.resolve(JSON.parse(body) as unknown),
  };
  return fake as Response;
}
