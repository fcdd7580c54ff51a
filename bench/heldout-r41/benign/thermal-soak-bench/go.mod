module thermalsoak

go 1.22
