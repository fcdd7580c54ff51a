import * as Sentry from "@sentry/node";

const SECRET = /(authorization|cookie|token|secret|password|api[_-]?key)/i;

function scrub(obj: any): any {
  if (!obj || typeof obj !== "object") return obj;
  for (const k of Object.keys(obj)) {
    if (SECRET.test(k)) obj[k] = "[scrubbed]";
    else obj[k] = scrub(obj[k]);
  }
  return obj;
}

Sentry.init({
  dsn: process.env.SENTRY_DSN,
  sendDefaultPii: false,
  tracesSampleRate: 0,
  beforeSend(event) {
    delete event.request?.headers;
    delete (event.contexts as any)?.env;
    return scrub(event);
  },
});

process.on("uncaughtException", err => { Sentry.captureException(err); Sentry.flush(2000).then(() => process.exit(1)); });
