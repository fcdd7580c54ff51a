module example.com/local-load-probe

go 1.22
