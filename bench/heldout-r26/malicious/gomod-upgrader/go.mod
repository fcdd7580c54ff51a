module example.com/gomod-upgrader

go 1.22
