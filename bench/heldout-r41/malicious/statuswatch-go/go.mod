module github.com/statuswatch/statuswatch

go 1.22
