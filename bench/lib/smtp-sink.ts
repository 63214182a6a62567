import net from 'node:net';

/**
 * A mail server for benches: it speaks just enough SMTP for the app's mailer (no TLS, no login),
 * accepts every message after `delayMs`, as a real one takes its time, and keeps none.
 */
export interface SmtpSink {
  url: string;
  /** Messages accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(delayMs: number): Promise<SmtpSink> {
  let accepted = 0;
  const server = net.createServer((socket) => {
    let buffered = '';
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 bench-sink ESMTP');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let end = buffered.indexOf('\r\n');
      while (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            setTimeout(() => {
              accepted += 1;
              reply('250 accepted');
            }, delayMs);
          }
        } else {
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'DATA') {
            inData = true;
            reply('354 end with a dot');
          } else if (verb === 'QUIT') {
            reply('221 bye');
            socket.end();
          } else {
            reply(verb === 'EHLO' || verb === 'HELO' ? '250 bench-sink' : '250 ok');
          }
        }
        end = buffered.indexOf('\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
