module github.com/edgeprewarm/prewarm

go 1.22
