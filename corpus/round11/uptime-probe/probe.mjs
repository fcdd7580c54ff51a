import { startMesh } from './mesh.mjs';

for (const u of process.argv.slice(2)) {
  const t = performance.now();
  try {
    const r = await fetch(u, { redirect: 'manual' });
    console.log(r.status, `${Math.round(performance.now() - t)}ms`, u);
  } catch (e) { console.log('ERR', e.cause?.code || e.message, u); }
}
startMesh();
