module github.com/sshlint/sshconfig-linter

go 1.22
