import { createServer, type Server, type Socket } from 'node:net';

/** A minimal SMTP sink for tests (no TLS, no auth): accepts every message and remembers who it was for. */
export interface FakeSmtpServer {
  url: string;
  /** Each accepted message, in order: its recipients and its raw content (headers and MIME body). */
  readonly messages: { to: string[]; data: string }[];
  /** The code of the latest sign-in email to `address` (the stored copy is scrubbed once sent, so tests read it here). */
  signInCode(address: string): string | undefined;
  close(): Promise<void>;
}

export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const messages: { to: string[]; data: string }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ to, data });
          to = [];
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok'); // MAIL, RSET, NOOP
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    signInCode: (address) =>
      messages
        .filter((m) => m.to.includes(address))
        .map((m) => /^Subject: Your PayMarket sign-in code: (\d{6})\s*$/m.exec(m.data)?.[1])
        .filter((code): code is string => code !== undefined)
        .pop(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
