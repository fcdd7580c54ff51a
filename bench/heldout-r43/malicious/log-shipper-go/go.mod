module example.com/logship

go 1.22
