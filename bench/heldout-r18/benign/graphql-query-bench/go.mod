module github.com/qlbench/graphql-query-bench

go 1.22
