// A real SMTP server on loopback that keeps what it receives: the envelope, the raw message and
// who signed in. With credentials it requires them (AUTH over plain SMTP); without, it takes any
// mail. STARTTLS is off, so a client must connect as `security: 'none'` (tls off).
import { SMTPServer } from 'smtp-server';
import { tenantSmtp } from '../src/kernel/db/schema.ts';
import type { TestServer } from './harness.ts';

export type ReceivedMail = { to: string[]; from: string; raw: string; user: string | null };

export type SmtpSink = {
  inbox: ReceivedMail[];
  smtp: SMTPServer;
  /** Starts listening on a free loopback port and answers it. */
  listen: () => Promise<number>;
  close: () => Promise<void>;
  /** The mails received for this address. */
  to: (address: string) => ReceivedMail[];
};

export function smtpSink(credentials?: { user: string; pass: string }): SmtpSink {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: !credentials,
    allowInsecureAuth: true,
    disabledCommands: credentials ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
          user: (session.user as string | undefined) ?? null,
        });
        callback(null);
      });
    },
  });
  return {
    inbox,
    smtp,
    listen: () =>
      new Promise<number>((resolve) =>
        smtp.listen(0, '127.0.0.1', () => {
          const address = smtp.server.address();
          resolve(typeof address === 'object' && address ? address.port : 0);
        }),
      ),
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
    to: (address) => inbox.filter((m) => m.to.includes(address)),
  };
}

/** Gives acme its own SMTP server: the sink on `port`, signed in as acme-mailer with `password` (sealed as the server seals it). */
export async function giveAcmeOwnSmtp(server: TestServer, port: number, password: string, fromName: string): Promise<void> {
  await server.database.withPlatform((tx) =>
    tx.insert(tenantSmtp).values({
      tenantId: server.ids.tenants.acme,
      host: '127.0.0.1',
      port,
      security: 'none',
      username: 'acme-mailer',
      password: server.app.secrets.seal(password),
      fromName,
      fromEmail: 'meet@acme.example',
    }),
  );
}
