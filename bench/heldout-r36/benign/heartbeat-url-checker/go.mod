module example.invalid/heartbeat-url-checker

go 1.22
