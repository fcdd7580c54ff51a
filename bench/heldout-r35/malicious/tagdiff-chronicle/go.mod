module example.com/tagdiff

go 1.22
