module sqlite-compactor

go 1.22
