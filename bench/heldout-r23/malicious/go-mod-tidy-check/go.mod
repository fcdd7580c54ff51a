module example.dev/gomodcheck

go 1.22
