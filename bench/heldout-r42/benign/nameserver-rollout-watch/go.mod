module example.com/nrw

go 1.22
