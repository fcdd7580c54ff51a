module pcaplite

go 1.22
