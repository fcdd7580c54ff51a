module example.com/img-thumb-batcher

go 1.22

require golang.org/x/image v0.18.0
