module example.invalid/gomod-license-scan

go 1.22
