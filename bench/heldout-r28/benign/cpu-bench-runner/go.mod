module example.com/cpu-bench-runner

go 1.22
