module lscan

go 1.22
