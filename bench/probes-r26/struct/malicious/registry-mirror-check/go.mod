module example.invalid/mirrorcheck

go 1.22
