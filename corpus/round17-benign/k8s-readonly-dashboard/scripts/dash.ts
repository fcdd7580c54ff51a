import * as k8s from "@kubernetes/client-node";

const kc = new k8s.KubeConfig();
kc.loadFromDefault();
const ctxIdx = process.argv.indexOf("--context");
if (ctxIdx > 0) kc.setCurrentContext(process.argv[ctxIdx + 1]);
const core = kc.makeApiClient(k8s.CoreV1Api);

async function main() {
  const nodes = (await core.listNode()).body.items;
  console.log("NODES");
  for (const n of nodes) {
    const ready = n.status?.conditions?.find(c => c.type === "Ready")?.status;
    console.log(`  ${n.metadata?.name}\tReady=${ready}\t${n.status?.nodeInfo?.kubeletVersion}`);
  }
  const pods = (await core.listPodForAllNamespaces()).body.items;
  const bad = pods.filter(p => p.status?.phase !== "Running" && p.status?.phase !== "Succeeded");
  const restarts = pods.map(p => ({ p, r: (p.status?.containerStatuses || []).reduce((a, c) => a + c.restartCount, 0) }))
    .filter(x => x.r > 3).sort((a, b) => b.r - a.r).slice(0, 10);
  console.log(`\nPODS: ${pods.length} total, ${bad.length} not running`);
  bad.slice(0, 15).forEach(p => console.log(`  ${p.metadata?.namespace}/${p.metadata?.name}\t${p.status?.phase}`));
  console.log("\nTOP RESTARTS");
  restarts.forEach(({ p, r }) => console.log(`  ${p.metadata?.namespace}/${p.metadata?.name}\t${r}`));
  const ev = (await core.listEventForAllNamespaces()).body.items.filter(e => e.type === "Warning").slice(-10);
  console.log("\nRECENT WARNINGS");
  ev.forEach(e => console.log(`  ${e.involvedObject.namespace}/${e.involvedObject.name}: ${e.reason} ${e.message}`));
}
main().catch(e => { console.error(e.body?.message || e.message); process.exit(1); });
