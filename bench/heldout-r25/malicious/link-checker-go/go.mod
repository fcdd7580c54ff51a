module example.com/linkchecker

go 1.22
