module example.com/tgpinger

go 1.22
