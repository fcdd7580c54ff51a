module example.dev/portscan

go 1.22
