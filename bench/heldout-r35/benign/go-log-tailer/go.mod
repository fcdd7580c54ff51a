module example.com/logtailer

go 1.22
