module example.com/gomodsweep

go 1.22
