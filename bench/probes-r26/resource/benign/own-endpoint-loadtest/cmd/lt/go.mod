module example.dev/own-endpoint-loadtest

go 1.22
