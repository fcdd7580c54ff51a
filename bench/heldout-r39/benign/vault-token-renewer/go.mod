module vault-token-renewer

go 1.22
