module example.com/goprivate

go 1.22
