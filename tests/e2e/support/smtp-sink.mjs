// A real SMTP server for the end-to-end suite: the app sends its emails here (SMTP_URL), and every
// message is written as a .eml file that the tests read links from.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_SINK_PORT ?? 2526);
const dir = path.resolve(process.env.SMTP_SINK_DIR ?? ".data/e2e/mail");
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
let n = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      const file = path.join(dir, `${Date.now()}-${String(++n).padStart(4, "0")}.eml`);
      fs.writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
      callback();
    });
  },
});
server.listen(port, "127.0.0.1", () => console.log(`SMTP sink on ${port}, writing to ${dir}`));

// Playwright waits for this URL before starting the app.
http.createServer((_req, res) => res.end("ok")).listen(port + 1, "127.0.0.1");
