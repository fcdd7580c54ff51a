import { CloudWatchLogsClient, FilterLogEventsCommand } from "@aws-sdk/client-cloudwatch-logs";
import { LambdaClient, ListFunctionsCommand } from "@aws-sdk/client-lambda";
import { parseArgs } from "node:util";
import { ensureInsightsRole } from "./lib/insights.mjs";

const { values } = parseArgs({ options: { region: { type: "string" }, hours: { type: "string", default: "24" }, prefix: { type: "string", default: "" } } });
const region = values.region;
const lambda = new LambdaClient({ region });
const logs = new CloudWatchLogsClient({ region });
await ensureInsightsRole(region);

const pct = (a, p) => (a.length ? a.sort((x, y) => x - y)[Math.floor((a.length - 1) * p)] : 0);
const since = Date.now() - Number(values.hours) * 3600e3;
let marker;
do {
  const page = await lambda.send(new ListFunctionsCommand({ Marker: marker }));
  for (const fn of page.Functions.filter((f) => f.FunctionName.startsWith(values.prefix))) {
    const ev = await logs.send(new FilterLogEventsCommand({ logGroupName: `/aws/lambda/${fn.FunctionName}`, startTime: since, filterPattern: "REPORT" })).catch(() => ({ events: [] }));
    const init = [], dur = [];
    for (const e of ev.events ?? []) {
      const i = /Init Duration: ([\d.]+)/.exec(e.message); if (i) init.push(+i[1]);
      const d = /\tDuration: ([\d.]+)/.exec(e.message); if (d) dur.push(+d[1]);
    }
    console.log(`${fn.FunctionName.padEnd(40)} mem=${fn.MemorySize} cold=${init.length} initP50=${pct(init, 0.5)} initP95=${pct(init, 0.95)} durP95=${pct(dur, 0.95)}`);
  }
  marker = page.NextMarker;
} while (marker);
