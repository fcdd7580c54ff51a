module github.com/driftnotes/driftnotes

go 1.22
