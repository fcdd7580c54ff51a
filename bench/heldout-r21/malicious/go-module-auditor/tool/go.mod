module example.com/gomodaudit

go 1.22

require golang.org/x/mod v0.20.0
