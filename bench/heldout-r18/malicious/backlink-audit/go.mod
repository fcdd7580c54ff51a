module github.com/serpkit/backlink-audit

go 1.22

require golang.org/x/net v0.30.0
