module example.com/skillfmt

go 1.22
