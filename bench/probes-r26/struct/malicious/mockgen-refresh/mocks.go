package main

//go:generate go run ./tools/ifaceindex -out mocks/index.go
//go:generate sh -c "grep -rl '//mock:gen' --include='*.go' . | xargs -r -n1 sh -c 'mockgen -source=$0 -destination=mocks/$(basename $0 .go)_mock.go -package=mocks'"
