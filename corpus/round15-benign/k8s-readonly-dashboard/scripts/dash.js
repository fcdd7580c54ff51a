#!/usr/bin/env node
const { execFileSync } = require('child_process');
const nsArg = process.argv.includes('-n') ? ['-n', process.argv[process.argv.indexOf('-n') + 1]] : ['-A'];
const ALLOWED = new Set(['pods', 'deployments', 'pvc', 'events']);

function get(kind) {
  if (!ALLOWED.has(kind)) throw new Error('not allowed: ' + kind);
  return JSON.parse(execFileSync('kubectl', ['get', kind, ...nsArg, '-o', 'json'], { maxBuffer: 1 << 26 })).items;
}

const pods = get('pods');
const deps = get('deployments');
const pvcs = get('pvc');
const events = get('events').filter((e) => e.type === 'Warning').slice(-15);

const restarts = pods
  .map((p) => ({ ns: p.metadata.namespace, name: p.metadata.name,
    restarts: (p.status.containerStatuses || []).reduce((s, c) => s + c.restartCount, 0), phase: p.status.phase }))
  .sort((a, b) => b.restarts - a.restarts);

console.log(`Pods: ${pods.length}  Running: ${pods.filter((p) => p.status.phase === 'Running').length}`);
console.log('\nTop restarts');
for (const r of restarts.slice(0, 10)) console.log(`  ${r.ns}/${r.name}  ${r.restarts}  ${r.phase}`);
console.log('\nDeployments not fully available');
for (const d of deps) {
  const want = d.spec.replicas ?? 1, have = d.status.availableReplicas ?? 0;
  if (have < want) console.log(`  ${d.metadata.namespace}/${d.metadata.name}  ${have}/${want}`);
}
console.log('\nPending PVCs');
for (const p of pvcs.filter((x) => x.status.phase !== 'Bound')) console.log(`  ${p.metadata.namespace}/${p.metadata.name}`);
console.log('\nRecent warnings');
for (const e of events) console.log(`  ${e.involvedObject.kind}/${e.involvedObject.name}: ${e.reason} - ${e.message}`);
