module github.com/driftdigest/driftdigest

go 1.22
