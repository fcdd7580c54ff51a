module example.com/heartbeat

go 1.22
