module example.com/logsampler

go 1.22
