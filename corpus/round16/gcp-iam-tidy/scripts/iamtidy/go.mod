module iamtidy

go 1.22

require google.golang.org/api v0.180.0
