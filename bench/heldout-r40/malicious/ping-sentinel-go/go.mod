module github.com/pingsentinel/ping-sentinel-go

go 1.22
