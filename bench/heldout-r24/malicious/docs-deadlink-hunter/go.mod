module github.com/deadlinkhunter/deadlinks

go 1.22
