module statuspoller

go 1.22
