module example.com/vault-token-refresher

go 1.22
