module tidetable

go 1.22
