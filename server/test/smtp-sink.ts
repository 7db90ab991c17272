import net, { type AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server in the test process (smtp-server), behind a small TCP relay so a test can
 * take it down (every connection dropped at once) and bring it back on the same port. The
 * relay keeps its port while down: a closed port could be taken meanwhile by another socket.
 * Every message the server accepts is parsed with mailparser.
 */
export async function startSmtpSink() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      // A mailbox that does not exist: a permanent refusal, as a real server answers.
      if (address.address.startsWith("nobody@")) {
        callback(Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      // Keep cid: references as they were sent (mailparser would turn them into data: URLs).
      simpleParser(stream, { skipImageLinks: true }).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const smtpPort = (server.server.address() as AddressInfo).port;

  let isDown = false;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    if (isDown) {
      client.destroy();
      return;
    }
    const upstream = net.connect(smtpPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const relayPort = (relay.address() as AddressInfo).port;

  async function waitFor(
    predicate: (mail: ParsedMail) => boolean,
    count = 1,
    timeoutMs = 15_000,
  ): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = received.filter(predicate);
      if (matching.length >= count) return matching;
      if (Date.now() > deadline)
        throw new Error(`expected ${count} matching message(s), got ${matching.length} in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    url: () => `smtp://127.0.0.1:${relayPort}`,
    received,
    waitFor,
    /** Drops every connection, open or new, until up() is called. */
    down() {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      isDown = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The mail's Message-ID, which the outbox derives from the message's row. */
export function outboxIdOf(mail: ParsedMail): string | undefined {
  return /^<([0-9a-f-]{36})\./.exec(mail.messageId ?? "")?.[1];
}
