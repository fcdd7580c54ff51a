module github.com/gmv-tools/gomod-tidy-verify

go 1.22
