module example.invalid/image-sprite-cache

go 1.22
