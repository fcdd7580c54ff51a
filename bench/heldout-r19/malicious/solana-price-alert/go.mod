module solalert

go 1.22
