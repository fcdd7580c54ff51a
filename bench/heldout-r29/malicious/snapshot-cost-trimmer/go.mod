module snaptrim

go 1.22
