module example.invalid/nve

go 1.22
