module example.com/loadtest-lite

go 1.22
