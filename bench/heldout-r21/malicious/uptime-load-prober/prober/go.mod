module example.com/prober

go 1.22
